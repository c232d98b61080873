/**
 * The answer of GET /api/devices as a type, written once for both sides: the devices route builds it and the web
 * client's account feature reads it. Types only, importing nothing, so the web build takes nothing else from the
 * server.
 */

/** One signed-in device of the caller. */
export interface Device {
  id: string;
  signedInAt: string;
  /** "Chrome on Android". */
  device: string;
  /** The device the request came from. */
  current: boolean;
}
