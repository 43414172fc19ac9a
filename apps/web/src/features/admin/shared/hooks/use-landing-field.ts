import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { AdminField } from '../lib/admin-location';

/**
 * A ref for the field a link can land on (`/admin?…&field=<id>`): when the URL names it, the field is scrolled to
 * the middle of the screen and focused, on every arrival (the location's key changes even for the same URL).
 */
export function useLandingField<T extends HTMLElement>(id: AdminField) {
  const ref = useRef<T>(null);
  const [params] = useSearchParams();
  const { key } = useLocation();
  const wanted = params.get('field') === id;
  useEffect(() => {
    const element = ref.current;
    if (!wanted || !element) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [wanted, key]);
  return ref;
}
