// An uploaded CSV as UTF-8 for readline, whatever it was saved in: the first 64 KB judge UTF-8 or GB18030
// (detectCsvEncoding), and the stream is decoded from then on; a UTF-8 BOM is dropped.
import { type Readable, Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { CSV_ENCODING_SAMPLE_BYTES, detectCsvEncoding } from '@waterops/shared/dma';

export const utf8Stream = (input: Readable): Transform => {
  let decoder: TextDecoder | null = null;
  let head: Buffer[] = [];
  let headBytes = 0;
  /** the decoder the sample so far calls for, and the sample to decode first */
  const begin = (): [TextDecoder, Buffer] => {
    const sample = Buffer.concat(head);
    head = [];
    decoder = new TextDecoder(detectCsvEncoding(sample));
    return [decoder, sample];
  };
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (decoder) return done(null, decoder.decode(chunk, { stream: true }));
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < CSV_ENCODING_SAMPLE_BYTES) return done();
      const [d, sample] = begin();
      done(null, d.decode(sample, { stream: true }));
    },
    flush(done) {
      if (decoder) return done(null, decoder.decode());
      const [d, sample] = begin();
      done(null, d.decode(sample));
    },
  });
  return input.pipe(out);
};
