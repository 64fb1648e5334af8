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
  screenshot,
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

    writeFileSync(path.join(dir, 'src', 'Status.tsx'), statusSource('', false));
    writeFileSync(
      path.join(dir, 'src', 'App.tsx'),
      [
        "import { LatchkeyButton, LatchkeyProvider } from '@latchkey/react';",
        "import { Status } from './Status.tsx';",
        '',
        "const theme = new URLSearchParams(location.search).get('theme') === 'dark' ? 'dark' : 'light';",
        '',
        'export default function App() {',
        '  return (',
        '    <LatchkeyProvider',
        '      appId={import.meta.env.VITE_LATCHKEY_APP_ID}',
        '      apiUrl={import.meta.env.VITE_LATCHKEY_API_URL}',
        '      config={{ appearance: { theme } }}',
        '    >',
        '      <header>',
        '        <h1>Outside app</h1>',
        '        <LatchkeyButton />',
        '      </header>',
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
      await withFailureScreenshot(page, 'package-vite-react18', async () => {
        const email = uniqueEmail('vite18');
        await emailLogin(page, stack, appUrl, email);
        // <LatchkeyButton/> from the packed package: the account menu, light and dark, 1280
        // and 390 px wide, then 'Log out' from it.
        for (const theme of ['light', 'dark'] as const) {
          for (const width of [1280, 390]) {
            await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
            await page.goto(`${appUrl}/?theme=${theme}`);
            await page
              .getByTestId('status')
              .filter({ hasText: /^authenticated$/ })
              .waitFor();
            await page.getByRole('dialog').waitFor({ state: 'hidden' });
            const account = page.locator('button[aria-haspopup="menu"]');
            await account.click();
            await page.getByRole('menu').waitFor({ state: 'visible' });
            await screenshot(page, `package-latchkey-button-${theme}-${width}`);
            await page.keyboard.press('Escape');
          }
        }
        await page.locator('button[aria-haspopup="menu"]').click();
        await page.getByRole('menuitem', { name: 'Log out' }).click();
        await page.getByTestId('status').filter({ hasText: 'unauthenticated' }).waitFor();
        await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
      });
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
