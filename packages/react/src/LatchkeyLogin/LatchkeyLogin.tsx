import { lazy, Suspense, useEffect, useState } from 'react';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';

const LoginModal = lazy(() => import('../Modal/LoginModal.tsx'));

/** Props of {@link LatchkeyLogin}. */
export interface LatchkeyLoginProps {
  /** Keep showing the card after login (default false: it renders nothing once authenticated). */
  showWhenAuthenticated?: boolean;
}

/**
 * The login card rendered inline, for embedding in a page (spec section 3, `render.standalone`):
 * no overlay, no portal, no close button. Pair it with `config.render.standalone: true` so
 * `login()` opens no modal as well. Client-only: renders nothing on the server and during
 * hydration, then loads the card's chunk.
 *
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 */
export function LatchkeyLogin({ showWhenAuthenticated = false }: LatchkeyLoginProps) {
  const { session } = useInternalLatchkey('LatchkeyLogin');
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  if (session.status === 'authenticated' && !showWhenAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal standalone />
    </Suspense>
  );
}
