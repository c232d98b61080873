/**
 * How to do a catalog exercise, as the plan page, the tracker and the coach show it: a few short form cues and the
 * main mistakes to avoid. Types only, so the web build takes nothing else from the server.
 */
export interface HowTo {
  cues: string[];
  mistakes: string[];
}
