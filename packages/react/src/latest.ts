/**
 * useLatest: a ref that always holds the latest value, so a callback handed to
 * embedded-fields once (at create()) calls the props of the latest render, never the first's.
 * Updated in a layout effect (before any passive effect of the same commit reads it); on a
 * server, where layout effects do nothing and React 18 warns about them, a passive one.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useCommitEffect(() => {
    ref.current = value;
  });
  return ref;
}
