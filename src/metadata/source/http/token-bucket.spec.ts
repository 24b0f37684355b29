import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a burst, then one token per (60 000 / rate) ms, in arrival order', async () => {
    let now = 0;
    const slept: number[] = [];
    const bucket = new TokenBucket(
      60,
      2,
      () => now,
      async (ms) => {
        slept.push(ms);
        now += ms;
      },
    );
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => bucket.take().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
    expect(now).toBe(2000); // two free, then 1 s each at 60/min
    expect(slept.every((ms) => ms > 0)).toBe(true);
  });

  it('picks up a new rate', async () => {
    let now = 0;
    const bucket = new TokenBucket(
      60,
      1,
      () => now,
      async (ms) => {
        now += ms;
      },
    );
    await bucket.take();
    bucket.configure(600, 1);
    await bucket.take();
    expect(now).toBe(100);
  });
});
