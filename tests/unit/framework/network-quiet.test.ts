import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callStarted, whenNetworkQuiet } from '../../../src/framework/network-quiet';

// One fake clock for the file: performance.now() never goes back, as in a page.
beforeAll(() => {
  vi.useFakeTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

describe('whenNetworkQuiet', () => {
  it('waits for the calls under way, then for a second without any, before running', async () => {
    const ran = vi.fn();
    whenNetworkQuiet(ran);
    const first = callStarted();
    const second = callStarted();
    await vi.advanceTimersByTimeAsync(5000);
    first();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).not.toHaveBeenCalled();
    second();
    await vi.advanceTimersByTimeAsync(900);
    expect(ran).not.toHaveBeenCalled();
    // A new call within the second starts the wait again.
    callStarted()();
    await vi.advanceTimersByTimeAsync(900);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(ran).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('counts a call ended twice once', async () => {
    const ran = vi.fn();
    whenNetworkQuiet(ran);
    const open = callStarted();
    const ended = callStarted();
    ended();
    ended();
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).not.toHaveBeenCalled();
    open();
    await vi.advanceTimersByTimeAsync(1100);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('with no call at all (a screen that asks for nothing), runs after three quiet seconds', async () => {
    const ran = vi.fn();
    whenNetworkQuiet(ran);
    await vi.advanceTimersByTimeAsync(2900);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
