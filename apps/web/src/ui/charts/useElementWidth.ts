import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, kept current as it resizes: the charts draw at the size they are shown,
 * so that their text stays the page's size on a phone as on a desktop.
 */
export function useElementWidth<T extends HTMLElement>(initialWidth = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initialWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
