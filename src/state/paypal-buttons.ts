// The mount lifecycle of a set of PayPal buttons, shared by the credits modal and the subscription panel: render
// (after an optional delay), keep them while their modal or panel is current, close them when it goes.

export interface RenderedButtons {
  close(): Promise<void>;
}

export interface ButtonsMount {
  /** Renders the buttons into the container. */
  render: () => Promise<RenderedButtons>;
  /** Whether the modal or panel that asked is still the current one (late callbacks of an old one are ignored). */
  live: () => boolean;
  onReady: () => void;
  onFailed: (error: unknown) => void;
  /** Wait before rendering (SPEC 9's 500 ms for credits); none renders at once. */
  delayMs?: number;
}

/** Starts the render; returns the cleanup to run when the container goes away. */
export function mountButtons(mount: ButtonsMount): () => void {
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
        mount.onReady();
      },
      (error: unknown) => {
        if (!gone && mount.live()) mount.onFailed(error);
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
}
