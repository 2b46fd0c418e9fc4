import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back to the page before, within the app or this tab; a tab whose first page is this one has
 * nothing to go back to, so it goes to `fallback` instead (as the 404 page's 'Go Back' does).
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const canGoBack = location.key !== 'default' || window.history.length > 1;
  return useCallback(() => {
    if (canGoBack) void navigate(-1);
    else void navigate(fallback);
  }, [canGoBack, navigate, fallback]);
}
