import { describe, expect, it, vi } from 'vitest';
import { act, createResource, createStore, idle, singleFlight, type Resource } from '../../../src/state/resource';
import { clearToasts, toasts } from '../../../src/state/toasts';
import { deferred } from '../support/deferred';

function items(load: () => Promise<string[]>) {
  return createResource({
    initial: () => ({ items: [] as string[], extra: { seen: 0 } }),
    load: async () => ({ items: await load() }),
    errorText: (error) => `failed: ${error instanceof Error ? error.message : String(error)}`,
  });
}

describe('createResource', () => {
  it('starts idle with the initial data', () => {
    const r = items(async () => []);
    expect(r.state).toMatchObject({ status: 'idle', error: null, items: [] });
  });

  it('shares one request between parallel callers and reuses a ready state', async () => {
    const load = vi.fn(async () => ['a']);
    const r = items(load);
    const [first, second] = await Promise.all([r.load(), r.load()]);
    expect(first).toEqual({ status: 'ready', error: null });
    expect(second).toEqual(first);
    await r.load();
    expect(load).toHaveBeenCalledTimes(1);
    expect(r.state.items).toEqual(['a']);
  });

  it('loads again with force', async () => {
    let n = 0;
    const r = items(async () => [`v${++n}`]);
    await r.load();
    await r.load({ force: true });
    expect(r.state.items).toEqual(['v2']);
  });

  it('is loading while the request runs', async () => {
    const answer = deferred<string[]>();
    const r = items(() => answer.promise);
    const done = r.load();
    expect(r.state.status).toBe('loading');
    answer.resolve(['x']);
    await done;
    expect(r.state.status).toBe('ready');
  });

  it('resolves a failure to the error status and its text, never rejecting', async () => {
    const r = items(async () => {
      throw new Error('down');
    });
    await expect(r.load()).resolves.toEqual({ status: 'error', error: 'failed: down' });
    expect(r.state).toMatchObject({ status: 'error', error: 'failed: down', items: [] });
  });

  it('keeps the text in the outcome when onError resets the store', async () => {
    const r: Resource<{ n: number }, object> = createResource({
      initial: () => ({ n: 0 }),
      load: async () => {
        throw new Error('401');
      },
      errorText: () => 'signed out',
      onError: (): void => r.reset(),
    });
    await expect(r.load()).resolves.toEqual({ status: 'error', error: 'signed out' });
    expect(r.state.status).toBe('idle');
  });

  it('a caller that joins a failing load gets its own onError, whoever started it (a hand-off joining a page keeps the session)', async () => {
    const answer = deferred<string[]>();
    const rules: Array<{ keepSession?: boolean }> = [];
    let signOuts = 0;
    const r = createResource({
      initial: () => ({ items: [] as string[] }),
      load: async (_args: { keepSession?: boolean }) => ({ items: await answer.promise }),
      errorText: () => 'failed',
      onError: (_error, args) => {
        rules.push(args);
        if (!args.keepSession) signOuts++;
      },
    });
    const page = r.load({});
    const handoff = r.load({ keepSession: true });
    answer.reject(new Error('403'));
    await expect(Promise.all([page, handoff])).resolves.toEqual([
      { status: 'error', error: 'failed' },
      { status: 'error', error: 'failed' },
    ]);
    expect(rules).toEqual([{}, { keepSession: true }]);
    expect(signOuts).toBe(1);
  });

  it('a forced load waits for the running one and loads again; forced callers meanwhile share it', async () => {
    const answers = [deferred<string[]>(), deferred<string[]>()];
    const load = vi.fn(() => answers[load.mock.calls.length - 1]!.promise);
    const r = items(load);
    const older = r.load();
    const forced = r.load({ force: true });
    const forcedToo = r.load({ force: true });
    answers[0]!.resolve(['old']);
    await older;
    expect(r.state.items).toEqual(['old']);
    answers[1]!.resolve(['new']);
    await Promise.all([forced, forcedToo]);
    expect(r.state.items).toEqual(['new']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a forced load queued before a reset does not run after it', async () => {
    const answer = deferred<string[]>();
    const load = vi.fn(() => answer.promise);
    const r = items(load);
    const older = r.load();
    const forced = r.load({ force: true });
    r.reset();
    answer.resolve(['stale']);
    await Promise.all([older, forced]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(r.state).toMatchObject({ status: 'idle', items: [] });
  });

  it('drops an answer that arrives after a reset', async () => {
    const answer = deferred<string[]>();
    const r = items(() => answer.promise);
    const stale = r.load();
    r.reset();
    answer.resolve(['stale']);
    await stale;
    expect(r.state).toMatchObject({ status: 'idle', items: [] });
  });

  it('drops a failure that arrives after a reset, and a new load is not joined to the old one', async () => {
    const old = deferred<string[]>();
    const fresh = deferred<string[]>();
    const answers = [old.promise, fresh.promise];
    const r = items(() => answers.shift()!);
    const stale = r.load();
    r.reset();
    const next = r.load();
    old.reject(new Error('late'));
    await stale;
    expect(r.state.status).toBe('loading');
    fresh.resolve(['new']);
    await next;
    expect(r.state).toMatchObject({ status: 'ready', error: null, items: ['new'] });
  });

  it('resets to a fresh initial state, not the mutated one', async () => {
    const r = items(async () => ['a']);
    await r.load();
    r.state.extra.seen = 5;
    r.reset();
    expect(r.state).toMatchObject({ status: 'idle', error: null, items: [], extra: { seen: 0 } });
  });

  it('reuses a ready state only while fresh says so', async () => {
    const load = vi.fn(async () => ['a']);
    let fresh = true;
    const r = createResource({
      initial: () => ({ items: [] as string[] }),
      load: async () => ({ items: await load() }),
      errorText: String,
      fresh: () => fresh,
    });
    await r.load();
    await r.load();
    fresh = false;
    await r.load();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('createStore', () => {
  it('resets to a fresh initial state', () => {
    const store = createStore(() => ({ open: false, nested: { n: 0 } }));
    store.state.open = true;
    store.state.nested.n = 3;
    store.reset();
    expect(store.state).toEqual({ open: false, nested: { n: 0 } });
  });

  /** A save action on a store with its record; the call answers when the test says. */
  function saving(options: { toast?: boolean } = {}) {
    const store = createStore(() => ({ save: idle(), saved: null as string | null }));
    const answer = deferred<string>();
    const run = (succeeded?: (value: string) => void) =>
      store.act(store.state.save, {
        call: () => answer.promise,
        succeeded: succeeded ?? ((value) => void (store.state.saved = value)),
        failed: (error) => `could not save: ${String(error)}`,
        ...options,
      });
    return { store, answer, run };
  }

  it('act keeps one record per action: pending, then succeeded with the answer adopted', async () => {
    const { store, answer, run } = saving();
    expect(store.state.save).toEqual({ status: 'idle', error: null });
    const done = run();
    expect(store.state.save).toEqual({ status: 'pending', error: null });
    answer.resolve('Ada');
    expect(await done).toBe(true);
    expect(store.state).toEqual({ save: { status: 'succeeded', error: null }, saved: 'Ada' });
  });

  it('act refuses a second run while the record is pending', async () => {
    const { answer, run } = saving();
    const first = run();
    expect(await run()).toBe(false);
    answer.resolve('Ada');
    expect(await first).toBe(true);
  });

  it('act writes the failure text to the record, and a throw in succeeded counts as a failure', async () => {
    const failing = saving();
    const done = failing.run();
    failing.answer.reject('offline');
    expect(await done).toBe(false);
    expect(failing.store.state.save).toEqual({ status: 'failed', error: 'could not save: offline' });

    const throwing = saving();
    const second = throwing.run(() => {
      throw 'unreadable';
    });
    throwing.answer.resolve('Ada');
    expect(await second).toBe(false);
    expect(throwing.store.state.save).toEqual({ status: 'failed', error: 'could not save: unreadable' });
  });

  it('act clears the last failure when it runs again', async () => {
    const { store, run } = saving();
    store.state.save.status = 'failed';
    store.state.save.error = 'earlier';
    void run();
    expect(store.state.save).toEqual({ status: 'pending', error: null });
  });

  it('act shows the failure as an error toast only when the action opts into that sink', async () => {
    clearToasts();
    const quiet = saving();
    const first = quiet.run();
    quiet.answer.reject('offline');
    await first;
    expect(toasts.items).toEqual([]);

    const toasting = saving({ toast: true });
    const second = toasting.run();
    toasting.answer.reject('offline');
    await second;
    expect(toasts.items).toMatchObject([{ kind: 'error', text: 'could not save: offline' }]);
    expect(toasting.store.state.save.error).toBe('could not save: offline');
    clearToasts();
  });

  it('guard stays true until the next reset, for callbacks that outlive an action', () => {
    const store = createStore(() => ({ open: false }));
    const before = store.guard();
    expect(before()).toBe(true);
    store.reset();
    const after = store.guard();
    expect([before(), after()]).toEqual([false, true]);
  });

  it('act drops every step after the call once the store was reset (a sign-out meanwhile)', async () => {
    const succeeded = vi.fn();
    const { store, answer, run } = saving();
    const done = run(succeeded);
    store.reset();
    answer.resolve('Ada');
    expect(await done).toBe(false);
    expect(succeeded).not.toHaveBeenCalled();
    expect(store.state).toEqual({ save: { status: 'idle', error: null }, saved: null });
  });

  it('fail writes a failure that came without a call as act would, toast included, but never over a pending run', async () => {
    clearToasts();
    const { store, answer, run } = saving();
    store.fail(store.state.save, 'declined', { failed: (e) => `payment failed: ${String(e)}`, toast: true });
    expect(store.state.save).toEqual({ status: 'failed', error: 'payment failed: declined' });
    expect(toasts.items).toMatchObject([{ kind: 'error', text: 'payment failed: declined' }]);
    const done = run();
    store.fail(store.state.save, 'late', { failed: () => 'late' });
    expect(store.state.save).toEqual({ status: 'pending', error: null });
    answer.resolve('Ada');
    expect(await done).toBe(true);
    clearToasts();
  });

  it('timer runs once after its time; a new start replaces the waiting one, and a reset stops it', () => {
    vi.useFakeTimers();
    try {
      const fn = vi.fn();
      const store = createStore(() => ({}));
      const reload = store.timer(fn);
      reload.start(5000);
      vi.advanceTimersByTime(3000);
      reload.start(5000);
      vi.advanceTimersByTime(4999);
      expect(fn).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fn).toHaveBeenCalledTimes(1);
      reload.start(5000);
      store.reset();
      vi.advanceTimersByTime(10_000);
      expect(fn).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('act of a store that is never reset (the session)', () => {
  it('keeps the same record: pending, then succeeded or the failure and its toast; refused while pending', async () => {
    clearToasts();
    const record = idle();
    const answer = deferred<void>();
    const done = act(record, { call: () => answer.promise, failed: () => 'could not sign out', toast: true });
    expect(record.status).toBe('pending');
    expect(await act(record, { call: async () => undefined })).toBe(false);
    answer.reject(new Error('offline'));
    expect(await done).toBe(false);
    expect(record).toEqual({ status: 'failed', error: 'could not sign out' });
    expect(toasts.items).toMatchObject([{ kind: 'error', text: 'could not sign out' }]);
    expect(await act(record, { call: async () => undefined })).toBe(true);
    expect(record).toEqual({ status: 'succeeded', error: null });
    clearToasts();
  });
});

describe('singleFlight', () => {
  it('shares the running call and starts a new one after it settles', async () => {
    const answer = deferred<number>();
    const fn = vi.fn(() => answer.promise);
    const shared = singleFlight(fn);
    const a = shared();
    const b = shared();
    expect(a).toBe(b);
    answer.resolve(1);
    await a;
    void shared();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('forgets a running call on clear()', () => {
    const fn = vi.fn(() => new Promise<number>(() => undefined));
    const shared = singleFlight(fn);
    const a = shared();
    shared.clear();
    expect(shared()).not.toBe(a);
  });
});
