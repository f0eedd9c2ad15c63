// A component's view of a store reduced to what it shows: it renders again when that value changes, not whenever a
// field it reads changes, as with useSnapshot (a status that moves on while the view stays the same).
import { useCallback, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';

/** `select`'s value of `store`, compared with Object.is: a primitive, or an object the store keeps. */
export function useSelected<S extends object, R>(store: S, select: (state: S) => R): R {
  const follow = useCallback((changed: () => void) => subscribe(store, changed), [store]);
  return useSyncExternalStore(follow, () => select(store));
}
