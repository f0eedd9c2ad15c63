// Where PayPal renders its buttons: a container handed to a store's mount function once, cleaned up on unmount.
import { useEffect, useRef } from 'react';

export function PayPalSlot({
  mount,
  hidden = false,
  label,
}: {
  mount: (container: HTMLElement) => () => void;
  hidden?: boolean;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The mount function is read once: a new attempt remounts this component (a new key).
  const mountRef = useRef(mount);
  useEffect(() => mountRef.current(ref.current!), []);
  return <div ref={ref} className="paypal-slot" role="group" aria-label={label} hidden={hidden} />;
}
