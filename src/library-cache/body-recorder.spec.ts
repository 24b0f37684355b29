import { BodyRecorder, type RecordedBody } from './library-response-cache';

describe('BodyRecorder', () => {
  const recorded = () => {
    const ends: (RecordedBody | undefined)[] = [];
    return { ends, end: (body: RecordedBody | undefined) => ends.push(body) };
  };

  it('hands back each chunk as the Buffer to send and passes on the whole body once finished', () => {
    const { ends, end } = recorded();
    const recorder = new BodyRecorder(100, end);
    expect(recorder.add('[1,').toString()).toBe('[1,');
    recorder.add('"é"]');
    expect(ends).toEqual([]);
    recorder.finish();
    recorder.abandon();
    expect(ends).toHaveLength(1);
    expect(Buffer.concat(ends[0]!.chunks).toString()).toBe('[1,"é"]');
    expect(ends[0]!.bytes).toBe(8);
  });

  it('sends but never keeps a body larger than its limit', () => {
    const { ends, end } = recorded();
    const recorder = new BodyRecorder(4, end);
    expect(recorder.add('[1,2').length).toBe(4);
    expect(recorder.add(',3]').toString()).toBe(',3]');
    recorder.finish();
    expect(ends).toEqual([undefined]);
  });

  it('keeps nothing of an answer cut short', () => {
    const { ends, end } = recorded();
    const recorder = new BodyRecorder(100, end);
    recorder.add('[1,');
    recorder.abandon();
    recorder.finish();
    expect(ends).toEqual([undefined]);
  });
});
