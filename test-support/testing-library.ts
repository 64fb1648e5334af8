/**
 * Vitest setup of the React and wagmi projects (vitest.config.ts `setupFiles`): Testing
 * Library's `waitFor` and `findBy*` wait up to 5 s instead of 1 s. A test's first modal screen
 * is a lazy chunk that Vitest transforms on first import, which takes over a second when both
 * workers and the rest of the machine are busy (CI runs two workers on two cores); the
 * assertions are the same, only a slow machine no longer fails them.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
