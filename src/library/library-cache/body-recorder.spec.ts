import { BodyRecorder, ListRecorder, type RecordedBody } from './body-recorder';
import type { PatchableList } from './patchable-list';

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

describe('ListRecorder', () => {
  const item = (id: number) => ({ id, json: `{"id":${id}}` });
  const lists = () => {
    const ends: (PatchableList | undefined)[] = [];
    return { ends, end: (list: PatchableList | undefined) => ends.push(list) };
  };

  it('hands back each stretch as the bytes to send and passes on the whole list once finished', () => {
    const { ends, end } = lists();
    const recorder = new ListRecorder(100, end);
    expect(recorder.add([item(1), item(2)]).toString()).toBe('{"id":1},{"id":2}');
    recorder.add([item(5)]);
    recorder.finish();
    recorder.abandon();
    expect(ends).toHaveLength(1);
    expect(Buffer.concat(ends[0]!.body()).toString()).toBe('[{"id":1},{"id":2},{"id":5}]');
  });

  it('sends but never keeps a list larger than its limit, and keeps nothing of a list cut short', () => {
    const large = lists();
    const recorder = new ListRecorder(12, large.end);
    recorder.add([item(1)]);
    expect(recorder.add([item(2), item(3)]).toString()).toBe('{"id":2},{"id":3}');
    recorder.finish();
    expect(large.ends).toEqual([undefined]);
    const cut = lists();
    const short = new ListRecorder(100, cut.end);
    short.add([item(1)]);
    short.abandon();
    short.finish();
    expect(cut.ends).toEqual([undefined]);
  });
});
