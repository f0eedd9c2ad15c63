// A component's view of stores reduced to what it shows: it renders again when that value changes, not whenever a
// field it reads changes, as with useSnapshot (a status that moves on while the view stays the same).
import { useState, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';

/**
 * `select()`'s value, read again whenever one of `stores` (module-level valtio stores, taken once) changes, and
 * compared with Object.is: a primitive, or an object a store keeps.
 */
export function useSelected<R>(stores: readonly object[], select: () => R): R {
  const [follow] = useState(() => (changed: () => void) => {
    const stops = stores.map((store) => subscribe(store, changed));
    return () => stops.forEach((stop) => stop());
  });
  return useSyncExternalStore(follow, select);
}
