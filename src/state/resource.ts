// The store kernel: a loaded resource (status, error text, data fields) with one request at a time, a store whose
// actions each keep one { status, error } record and whose timers its reset stops, and a reset to a fresh initial
// state for both; `act` alone for a store that is never reset (the session). Loads and actions resolve to their
// outcome; they never reject into the UI.
import { proxy } from 'valtio';
import { isNetworkFailure, retryWhenOnline } from './connectivity';
import { showToast } from './toasts';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface ResourceFields {
  status: LoadStatus;
  /** The user's text for the last failure (see errors.ts). */
  error: string | null;
}

interface Outcome {
  status: LoadStatus;
  error: string | null;
}

export interface ResourceOptions<D extends object, A> {
  /** The data fields as they are before any load; called again on every reset. */
  initial: () => D;
  /** Fetches; the fields it returns are written only if no reset happened meanwhile. */
  load: (args: A, state: Readonly<D & ResourceFields>) => Promise<Partial<D>>;
  /** The user's text for a failed load. */
  errorText: (error: unknown) => string;
  /** Whether a ready state may be reused without `force` (default: always). */
  fresh?: (state: Readonly<D & ResourceFields>, args: A) => boolean;
  /**
   * Runs after a failure was written, once for each caller of the failed load with that caller's own args (e.g. SPEC
   * 8's sign-out, which protected pages ask for and the hand-off does not), whoever started the load; skipped for a
   * caller once a reset came (an earlier caller's sign-out). Each caller's load resolves once its own is done.
   */
  onError?: (error: unknown, args: A) => Promise<void> | void;
}

/** One request's result as its callers see it: the generation it ran in and, if it failed, the error and its text. */
interface Attempt {
  generation: number;
  failure?: { error: unknown; text: string };
}

export interface Resource<D extends object, A> {
  readonly state: D & ResourceFields;
  /**
   * Loads unless ready (and fresh); parallel callers share one request, each with its own onError; `force` loads
   * again, after the running request if there is one (forced callers meanwhile share that next request).
   */
  load(args?: A & { force?: boolean }): Promise<Outcome>;
  /** Back to a fresh initial state; an answer still on its way is dropped. */
  reset(): void;
}

/** Writes a fresh `initial()` over `state`, dropping fields it does not have. */
function restore<D extends object>(state: D, next: D): void {
  for (const key of Object.keys(state) as (keyof D)[]) if (!(key in next)) delete state[key];
  Object.assign(state, next);
}

type ActionStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/** One action's result, the way a mutation has one: pages read it instead of flags of their own. */
export interface ActionRecord {
  status: ActionStatus;
  /** The user's text for the last failure (failureText in errors.ts), or null. */
  error: string | null;
}

/** A fresh record, for a store's initial state. */
export const idle = (): ActionRecord => ({ status: 'idle', error: null });

/**
 * One user action of a store (save, link, cancel...) written to its record: pending, the call, then succeeded or
 * failed with the user's text. Each step after the call runs only if the store was not reset meanwhile (a sign-out):
 * a late answer never touches the next user's state.
 */
export interface Action<T> {
  call(): Promise<T>;
  /** The call answered: adopt the answer, say so. May be async; a throw counts as a failure. */
  succeeded?(value: T): void | Promise<void>;
  /** The user's text for a failure of the call (or of `succeeded`), or null to say nothing. */
  failed?(error: unknown): string | null;
  /** The failure's text is also shown as an error toast (the sink of a page with no place of its own for it). */
  toast?: boolean;
}

export interface Store<D extends object> {
  readonly state: D;
  /** Back to a fresh initial state; an action still waiting for its answer drops it, and its timers stop. */
  reset(): void;
  /**
   * Runs one action into `record` (a record of this store's state); refused while that record is pending. Resolves
   * true when it succeeded and no reset came meanwhile.
   */
  act<T>(record: ActionRecord, action: Action<T>): Promise<boolean>;
  /**
   * Writes a failure that came without a call of ours (PayPal's own `onError`) to `record`, as `act` writes one; none
   * while the record is pending, since its run's own answer decides then.
   */
  fail(record: ActionRecord, error: unknown, action: Pick<Action<unknown>, 'failed' | 'toast'>): void;
  /** True until the next reset: for callbacks that outlive an action (PayPal's buttons of a modal since closed). */
  guard(): () => boolean;
  /**
   * A timer of this store (the page's reload 5 s after a purchase): `start(ms)` runs `fn` once after `ms`, a new start
   * replaces one not run yet, and a reset stops it, as it drops a late answer.
   */
  timer(fn: () => void): { start(ms: number): void };
}

/** Writes a failure and its text to `record`, and to an error toast when the action opts in. */
function writeFailure(record: ActionRecord, error: unknown, action: Pick<Action<unknown>, 'failed' | 'toast'>): void {
  const text = action.failed?.(error) ?? null;
  record.status = 'failed';
  record.error = text;
  if (text && action.toast) showToast('error', text);
}

/** The run of one action; each step after the call only while `current()` (no reset meanwhile). */
async function run<T>(record: ActionRecord, action: Action<T>, current: () => boolean): Promise<boolean> {
  if (record.status === 'pending') return false;
  record.status = 'pending';
  record.error = null;
  try {
    const value = await action.call();
    if (current()) await action.succeeded?.(value);
    if (current()) record.status = 'succeeded';
  } catch (error) {
    if (!current()) return false;
    writeFailure(record, error, action);
  }
  return current() && record.status === 'succeeded';
}

/**
 * An action of a device-state store, which a sign-out does not reset (the session's own Sign Out): the same record and
 * the same steps as a store's `act`, with no reset to drop its answer.
 */
export function act<T>(record: ActionRecord, action: Action<T>): Promise<boolean> {
  return run(record, action, () => true);
}

/** A store without a load: its reset writes a fresh initial state, so a new field is written once (in `initial`). */
export function createStore<D extends object>(initial: () => D): Store<D> {
  const state = proxy(initial());
  let generation = 0;
  /** The stops of the timers waiting to run: a reset runs them all. */
  const timers = new Set<() => void>();
  const guard = () => {
    const mine = generation;
    return () => mine === generation;
  };
  return {
    state,
    reset() {
      generation++;
      for (const stop of [...timers]) stop();
      restore(state, initial());
    },
    guard,
    act: (record, action) => run(record, action, guard()),
    fail(record, error, action) {
      if (record.status !== 'pending') writeFailure(record, error, action);
    },
    timer(fn) {
      let handle: ReturnType<typeof setTimeout> | null = null;
      const stop = () => {
        if (handle !== null) clearTimeout(handle);
        handle = null;
        timers.delete(stop);
      };
      return {
        start(ms) {
          stop();
          handle = setTimeout(() => {
            stop();
            fn();
          }, ms);
          timers.add(stop);
        },
      };
    },
  };
}

export function createResource<D extends object, A extends object = object>(
  options: ResourceOptions<D, A>,
): Resource<D, A> {
  const fields = (): D & ResourceFields => ({ ...options.initial(), status: 'idle', error: null });
  const state = proxy(fields());
  /** The request in flight, shared by every caller that does not force. */
  let running: Promise<Attempt> | null = null;
  /** A forced load waiting for `running` to settle, shared by the forced callers that came meanwhile. */
  let forced: Promise<Attempt> | null = null;
  let generation = 0;
  const outcome = (): Outcome => ({ status: state.status, error: state.error });

  /** One request, written to the state; its failure is handed to each caller, who applies its own onError. */
  async function run(args: A, mine: number): Promise<Attempt> {
    try {
      const data = await options.load(args, state);
      if (mine !== generation) return { generation: mine };
      Object.assign(state, data);
      state.status = 'ready';
      return { generation: mine };
    } catch (error) {
      if (mine !== generation) return { generation: mine };
      const text = options.errorText(error);
      state.status = 'error';
      state.error = text;
      // Lost for want of a network: loads again by itself once the connection is back, unless reset or loaded meanwhile.
      if (isNetworkFailure(error)) {
        retryWhenOnline(() => {
          if (mine === generation && state.status === 'error') void resource.load({ ...args, force: true });
        });
      }
      return { generation: mine, failure: { error, text } };
    }
  }

  function start(args: A): Promise<Attempt> {
    state.status = 'loading';
    state.error = null;
    const attempt: Promise<Attempt> = run(args, generation).finally(() => {
      if (running === attempt) running = null;
    });
    running = attempt;
    return attempt;
  }

  /** What one caller gets: the shared attempt, then its own onError (unless a reset came first, e.g. a sign-out). */
  async function settle(attempt: Promise<Attempt>, args: A): Promise<Outcome> {
    const { generation: mine, failure } = await attempt;
    if (!failure) return outcome();
    if (mine === generation) {
      try {
        await options.onError?.(failure.error, args);
      } catch {
        // The failure is already shown; a failing follow-up adds nothing the user can act on.
      }
    }
    // onError may reset the store (sign-out), so the outcome is the failure's own.
    return { status: 'error', error: failure.text };
  }

  const resource: Resource<D, A> = {
    state,
    load(args = {} as A & { force?: boolean }) {
      if (running && args.force) {
        // A forced load is never answered by an older one: it runs once the running request has settled.
        if (!forced) {
          const queuedAt = generation;
          const queued: Promise<Attempt> = running.then(() => {
            if (forced === queued) forced = null;
            return queuedAt === generation ? start(args) : { generation: queuedAt };
          });
          forced = queued;
        }
        return settle(forced, args);
      }
      if (running) return settle(running, args);
      if (!args.force && state.status === 'ready' && (options.fresh?.(state, args) ?? true))
        return Promise.resolve(outcome());
      return settle(start(args), args);
    },
    reset() {
      generation++;
      running = null;
      forced = null;
      restore(state, fields());
    },
  };
  return resource;
}

/** One call at a time: parallel callers share the running promise (which may reject); `clear()` forgets it. */
export function singleFlight<A extends unknown[], T>(
  fn: (...args: A) => Promise<T>,
): ((...args: A) => Promise<T>) & { clear(): void } {
  let running: Promise<T> | null = null;
  const shared = (...args: A) => {
    const mine = (running ??= fn(...args).finally(() => {
      if (running === mine) running = null;
    }));
    return mine;
  };
  return Object.assign(shared, {
    clear() {
      running = null;
    },
  });
}
