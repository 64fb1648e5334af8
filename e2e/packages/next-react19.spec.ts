/**
 * A fresh Next.js app-router app on React 19 (issue 12 item 2b): create-next-app's scaffold with
 * its default `next.config.ts` (no `transpilePackages`) and tsconfig, the packed `@latchkey/api`,
 * `core` and `react` installed from their tarballs, and `<LatchkeyProvider>` imported directly in
 * the Server Component `app/layout.tsx` (the package's `'use client'` makes it a client
 * boundary). `next build` must pass with `/` prerendered; `next start` serves it; in Chromium it
 * hydrates without a warning and logs in by email through the modal against the e2e stack.
 *
 * The scaffold's layout loads Google fonts through `next/font/google`, which needs the internet
 * at build time; the layout written here drops them (nothing else of the scaffold changes).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  freePort,
  launchBrowser,
  recordConsole,
  startStack,
  uniqueEmail,
  withFailureScreenshot,
} from '../harness.ts';
import { emailLogin, statusSource } from './consumer.ts';
import { sh, start, tarball, tempFolder } from './tarballs.ts';

const folder = tempFolder('next-react19');
after(() => folder.cleanup());

const LAYOUT = `import type { Metadata } from 'next';
import { LatchkeyProvider } from '@latchkey/react';
import './globals.css';

export const metadata: Metadata = { title: 'Outside Next app' };

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en">
      <body>
        <LatchkeyProvider
          appId={process.env.NEXT_PUBLIC_LATCHKEY_APP_ID!}
          apiUrl={process.env.NEXT_PUBLIC_LATCHKEY_API_URL!}
        >
          {children}
        </LatchkeyProvider>
      </body>
    </html>
  );
}
`;

const PAGE = `import { Status } from './Status';

export default function Home() {
  return (
    <main>
      <h1>Outside Next app</h1>
      <Status />
    </main>
  );
}
`;

test(
  'a fresh Next.js app router app on React 19 builds with the packages, prerenders and logs in',
  { timeout: 900_000 },
  async () => {
    await sh(
      'npx',
      [
        '--yes',
        'create-next-app@16.4.3',
        'app',
        '--ts',
        '--app',
        '--no-eslint',
        '--no-tailwind',
        '--no-src-dir',
        '--import-alias',
        '@/*',
        '--use-npm',
        '--skip-install',
        '--disable-git',
        '--yes',
      ],
      folder.dir,
    );
    const dir = path.join(folder.dir, 'app');
    await sh('npm', ['install', tarball('api'), tarball('core'), tarball('react')], dir);
    const react = JSON.parse(
      await sh('node', ['-p', "JSON.stringify(require('react/package.json'))"], dir),
    ) as { version: string };
    assert.match(react.version, /^19\./, 'the app runs React 19');

    writeFileSync(path.join(dir, 'app', 'layout.tsx'), LAYOUT);
    writeFileSync(path.join(dir, 'app', 'page.tsx'), PAGE);
    writeFileSync(path.join(dir, 'app', 'Status.tsx'), statusSource("'use client';\n"));

    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const stack = await startStack({ env: { LATCHKEY_DEV_ORIGINS: appUrl } });
    const browser = await launchBrowser();
    let server: ReturnType<typeof start> | undefined;
    try {
      const env = {
        NEXT_PUBLIC_LATCHKEY_APP_ID: stack.appId,
        NEXT_PUBLIC_LATCHKEY_API_URL: stack.apiUrl,
        NEXT_TELEMETRY_DISABLED: '1',
      };
      const built = await sh('npx', ['next', 'build'], dir, { env });
      assert.match(built, /[○◐]\s+\//, `'/' is prerendered:\n${built}`);
      server = start('npx', ['next', 'start', '-p', String(port)], dir, env);
      await server.waitFor(/Ready|started server/i);
      const page = await browser.newPage();
      const consoleLines = recordConsole(page);
      await withFailureScreenshot(page, 'package-next-react19', () =>
        emailLogin(page, stack, appUrl, uniqueEmail('next19')),
      );
      const problems = consoleLines.filter(
        (l) => l.startsWith('[console.error]') || l.startsWith('[pageerror]') || /hydrat/i.test(l),
      );
      assert.deepEqual(problems, [], 'no console error and no hydration warning');
    } finally {
      await server?.stop();
      await browser.close();
      await stack.stop();
    }
  },
);
