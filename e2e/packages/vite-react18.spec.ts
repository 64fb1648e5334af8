/**
 * A fresh Vite react-ts app on React 18 (issue 12 item 2a): Vite's own scaffold (create-vite,
 * its default tsconfig with `erasableSyntaxOnly` and `noUnusedLocals`), React pinned to 18, the
 * packed `@latchkey/api`, `core` and `react` installed from their tarballs. `npm run build`
 * (`tsc -b && vite build`) must pass; the built app, served by `vite preview`, logs in by email
 * through the modal against the e2e stack's API in Chromium, without a console error.
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

const folder = tempFolder('vite-react18');
after(() => folder.cleanup());

test(
  'a fresh Vite react-ts app on React 18 builds with the packages and logs in',
  { timeout: 900_000 },
  async () => {
    await sh(
      'npx',
      ['--yes', 'create-vite@9.3.0', 'app', '--template', 'react-ts', '--no-interactive'],
      folder.dir,
    );
    const dir = path.join(folder.dir, 'app');
    await sh(
      'npm',
      [
        'install',
        'react@^18.3.1',
        'react-dom@^18.3.1',
        '@types/react@^18.3.0',
        '@types/react-dom@^18.3.0',
        tarball('api'),
        tarball('core'),
        tarball('react'),
      ],
      dir,
    );
    const react = JSON.parse(
      await sh('node', ['-p', "JSON.stringify(require('react/package.json'))"], dir),
    ) as {
      version: string;
    };
    assert.match(react.version, /^18\./, 'the app runs React 18');

    writeFileSync(path.join(dir, 'src', 'Status.tsx'), statusSource());
    writeFileSync(
      path.join(dir, 'src', 'App.tsx'),
      [
        "import { LatchkeyProvider } from '@latchkey/react';",
        "import { Status } from './Status.tsx';",
        '',
        'export default function App() {',
        '  return (',
        '    <LatchkeyProvider',
        '      appId={import.meta.env.VITE_LATCHKEY_APP_ID}',
        '      apiUrl={import.meta.env.VITE_LATCHKEY_API_URL}',
        '    >',
        '      <h1>Outside app</h1>',
        '      <Status />',
        '    </LatchkeyProvider>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const stack = await startStack({ env: { LATCHKEY_DEV_ORIGINS: appUrl } });
    const browser = await launchBrowser();
    let preview: ReturnType<typeof start> | undefined;
    try {
      await sh('npm', ['run', 'build'], dir, {
        env: { VITE_LATCHKEY_APP_ID: stack.appId, VITE_LATCHKEY_API_URL: stack.apiUrl },
      });
      preview = start('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], dir);
      await preview.waitFor(String(port));
      const page = await browser.newPage();
      const consoleLines = recordConsole(page);
      await withFailureScreenshot(page, 'package-vite-react18', () =>
        emailLogin(page, stack, appUrl, uniqueEmail('vite18')),
      );
      const errors = consoleLines.filter(
        (l) => l.startsWith('[console.error]') || l.startsWith('[pageerror]'),
      );
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await preview?.stop();
      await browser.close();
      await stack.stop();
    }
  },
);
