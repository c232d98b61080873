import type { Response } from 'express';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { EventLog, RecordedEvent } from '../../../../../events/store/port.js';
import { csvLine, csvText } from '../../../../platform/csv.js';
import type { Slices } from '../../../../platform/turns.js';
import type { CsvFile } from './workoutCsv.js';

/**
 * The exports are written piece by piece, so their cost never holds the event loop however long a person's history
 * grows: the history is read a page at a time (`EventLog.readUserPages`), the work on it gives up the loop every
 * slice (`Slices`, platform/turns.ts), and the answer leaves in chunks of about `CHUNK_CHARS`, each written only once
 * the connection has taken the one before ('drain'). What stays in memory is the fold of the history (its docs, or
 * its sets in a few fields each), one page of events and one chunk of the answer, never the answer or the events whole.
 */

/** The events asked for in one page; the store also bounds a page's bytes. */
const PAGE_EVENTS = 200;
/** About what one chunk of an answer holds before it is written (characters of text). */
const CHUNK_CHARS = 64 * 1024;
/** Bytes deflated at once into the zip: one such piece is a short block of work. */
const DEFLATED_AT_ONCE = 16 * 1024;

/** The reader went away before the answer was through: nothing more is written. */
export class ClientGone extends Error {}

/** Where an answer's chunks go, in order; `write` resolves once the chunk may be followed by the next. */
export interface Sink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/**
 * The response as a sink: a chunk the socket did not take at once is waited out ('drain') before the next. One
 * 'drain' and one 'close' listener serve every wait: through the compression middleware a listener on the response
 * sits on its zlib stream, where removing it from the response does not reach, so a listener per wait would pile up
 * there for as long as the download lasts.
 */
export function responseSink(res: Response, slices: Slices): Sink {
  const gone = () => res.destroyed || res.writableEnded;
  let waiting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let listening = false;
  const listen = () => {
    if (listening) return;
    listening = true;
    res.on('drain', () => {
      const wait = waiting;
      waiting = undefined;
      wait?.resolve();
    });
    res.on('close', () => {
      const wait = waiting;
      waiting = undefined;
      wait?.reject(new ClientGone('the reader went away'));
    });
  };
  return {
    async write(chunk) {
      if (gone()) throw new ClientGone('the reader went away');
      if (!res.write(chunk)) {
        listen();
        await new Promise<void>((resolve, reject) => {
          if (res.destroyed) reject(new ClientGone('the reader went away'));
          else waiting = { resolve, reject };
        });
      }
      await slices.yield();
    },
  };
}

/** Every event of the user's history in position order, handed to `each` with the loop given up between slices. */
export async function eachEventOf(store: EventLog, userId: string, slices: Slices, each: (event: RecordedEvent) => void, afterPage?: (page: RecordedEvent[]) => Promise<void>): Promise<void> {
  for await (const page of store.readUserPages(userId, PAGE_EVENTS)) {
    for (const event of page) {
      each(event);
      await slices.check();
    }
    if (afterPage) await afterPage(page);
  }
}

/** A CSV file written in chunks: its header, then its lines, exactly the text `csvText` makes of it whole. */
export async function writeCsv(sink: Sink, { columns, rows, separator }: CsvFile): Promise<void> {
  let chunk = csvText(columns, [], separator);
  for (const row of rows) {
    chunk += `${csvLine(row, separator)}\r\n`;
    if (chunk.length >= CHUNK_CHARS) {
      await sink.write(chunk);
      chunk = '';
    }
  }
  await sink.write(chunk);
}

/**
 * A zip written as it is made (fflate's streaming `Zip`): each file deflated chunk by chunk, its compressed bytes
 * written out as they come. The files inside are the same bytes `zipSync` would hold; the archive itself carries each
 * file's sizes after its data (a data descriptor), as a streamed zip must.
 */
export class ZipSink {
  private readonly ready: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else this.ready.push(chunk);
  });

  constructor(
    private readonly out: Sink,
    private readonly slices: Slices,
  ) {}

  /** A file of the archive, as a sink of its text; `close` it before the next file begins. */
  file(name: string): Sink & { close(): Promise<void> } {
    const file = new ZipDeflate(name);
    this.zip.add(file);
    return {
      write: async (chunk) => {
        const bytes = typeof chunk === 'string' ? strToU8(chunk) : chunk;
        for (let at = 0; at < bytes.length; at += DEFLATED_AT_ONCE) {
          file.push(bytes.subarray(at, at + DEFLATED_AT_ONCE));
          await this.flush();
          await this.slices.check();
        }
      },
      close: async () => {
        file.push(new Uint8Array(0), true);
        await this.flush();
      },
    };
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.ready.length > 0) await this.out.write(this.ready.shift()!);
  }
}
