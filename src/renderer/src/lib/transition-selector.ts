import { startTransition, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useStore } from 'react-redux';

type EqualityFn<T> = (a: T, b: T) => boolean;

/**
 * useSelector whose re-renders are transitions. React-Redux's own hook subscribes through
 * useSyncExternalStore, and React renders every such update synchronously, in one task: on a
 * phone each answer from the server then blocks the page for a tenth of a second or more. Here
 * a store change that changes what the component selected schedules a transition, which React
 * renders in slices that yield to input. The selection is read from the store at render, so a
 * component never shows older state than the store had when it rendered; two components may
 * for a moment show two successive states, and the next slice brings them together.
 */
export function useTransitionSelector<State, Selected>(
  selector: (state: State) => Selected,
  equalityFn: EqualityFn<Selected> = Object.is,
): Selected {
  const store = useStore<State>();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const fresh = selector(store.getState());
  // As useSelector does: an equal selection keeps the earlier value, so what depends on it stays put.
  // (Boxed: a selection may itself be a function, which useState would call.)
  const [kept, keep] = useState(() => ({ value: fresh }));
  const changed = !equalityFn(fresh, kept.value);
  if (changed) keep({ value: fresh });
  const selected = changed ? fresh : kept.value;
  const latest = useRef({ selector, selected, equalityFn });
  useLayoutEffect(() => {
    latest.current = { selector, selected, equalityFn };
  });
  useEffect(() => {
    const check = () => {
      const { selector: select, selected: previous, equalityFn: equal } = latest.current;
      if (!equal(select(store.getState()), previous)) startTransition(rerender);
    };
    const unsubscribe = store.subscribe(check);
    // The store may have changed between this render and the subscription.
    check();
    return unsubscribe;
  }, [store]);
  return selected;
}
