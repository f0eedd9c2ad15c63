// The PayPal buttons of a modal or panel (the credits modal's, the plan panel's): one small store per mount with one
// record, { status: 'loading' | 'ready' | 'failed', error }, and the lifecycle of its render: after an optional delay,
// kept while the modal or panel is the one that asked, closed when its container goes.
import { createStore } from './resource';

/** The buttons on their way, shown, or not coming (`error` says why). Not an action: PayPal renders, nobody asks. */
type ButtonsStatus = 'loading' | 'ready' | 'failed';

interface ButtonsRecord {
  status: ButtonsStatus;
  /** The user's text for buttons that did not come, or null. */
  error: string | null;
}

interface RenderedButtons {
  close(): Promise<void>;
}

interface ButtonsMount {
  /** Renders the buttons into the container. */
  render: () => Promise<RenderedButtons>;
  /** Whether the modal or panel that asked is still the current one (late callbacks of an old one are ignored). */
  live: () => boolean;
  /** The user's text for a render that failed. */
  failed: (error: unknown) => string;
  /** Wait before rendering (SPEC 9's 500 ms for credits); none renders at once. */
  delayMs?: number;
}

export interface PayPalButtons {
  /** The record the modal or panel reads. */
  readonly state: ButtonsRecord;
  /**
   * Fresh buttons are wanted (the modal or panel opens, Try again) or none (it closes, a sign-out): loading again, and
   * every callback of the buttons before is ignored from now on.
   */
  reset(): void;
  /** True until the next reset: the `live` of a mount and of its buttons' callbacks. */
  guard(): () => boolean;
  /** Starts the render into the record; returns the cleanup to run when the container goes away. */
  mount(mount: ButtonsMount): () => void;
}

export function createButtons(): PayPalButtons {
  const store = createStore((): ButtonsRecord => ({ status: 'loading', error: null }));
  const { state } = store;
  return {
    state,
    reset: store.reset,
    guard: store.guard,
    mount(mount) {
      let buttons: RenderedButtons | null = null;
      let gone = false;
      const start = () => {
        mount.render().then(
          (rendered) => {
            if (gone || !mount.live()) {
              void rendered.close();
              return;
            }
            buttons = rendered;
            state.status = 'ready';
          },
          (error: unknown) => {
            if (gone || !mount.live()) return;
            state.status = 'failed';
            state.error = mount.failed(error);
          },
        );
      };
      const timer = mount.delayMs === undefined ? null : setTimeout(start, mount.delayMs);
      if (timer === null) start();
      return () => {
        gone = true;
        if (timer !== null) clearTimeout(timer);
        void buttons?.close();
      };
    },
  };
}
