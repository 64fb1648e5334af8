import { SCREEN } from '@latchkey/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/renderScreen.tsx';
import InAppBrowser from '../InAppBrowser/InAppBrowser.tsx';
import MethodNotConfigured from '../../../../screens/MethodNotConfigured/MethodNotConfigured.tsx';
import InstallPhantom from './InstallPhantom.tsx';
import PhantomInterstitial from './PhantomInterstitial.tsx';
import { phantomBrowseUrl } from './PhantomRedirect.tsx';

describe('Phantom, in-app browser and not-configured screens', () => {
  it('PHANTOM_INTERSTITIAL_SCREEN offers the install guide and the Phantom app', () => {
    const { value } = renderScreen(<PhantomInterstitial />);
    fireEvent.click(screen.getByRole('button', { name: 'Install Phantom' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.INSTALL_PHANTOM_SCREEN);
    fireEvent.click(screen.getByRole('button', { name: 'Open in the Phantom app' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.PHANTOM_REDIRECT_SCREEN);
  });

  it('INSTALL_PHANTOM_SCREEN lists the four setup steps', () => {
    renderScreen(<InstallPhantom />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Install the Phantom browser extension',
      'Set up a new wallet or import an existing one',
      'Store your recovery phrase somewhere safe',
      'Reload this page',
    ]);
    expect(screen.getByRole('link', { name: 'Install Phantom' }).getAttribute('href')).toBe(
      'https://phantom.app/download',
    );
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });

  it("the Phantom redirect opens this page in Phantom's browser", () => {
    expect(phantomBrowseUrl('https://app.example.com/a?b=1', 'https://app.example.com')).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fapp.example.com%2Fa%3Fb%3D1?ref=https%3A%2F%2Fapp.example.com',
    );
  });

  it('IN_APP_BROWSER_LOGIN_NOT_POSSIBLE says to use an external browser', () => {
    renderScreen(<InAppBrowser />);
    expect(
      screen.getByText(
        "It looks like you're using an in-app browser. To log in, please try again using an external browser.",
      ),
    ).toBeTruthy();
  });

  it('a method of a later issue says it is not configured and goes back', () => {
    const { value } = renderScreen(<MethodNotConfigured />, {
      params: { method: 'Google', returnTo: SCREEN.LANDING },
    });
    expect(screen.getByText('Google login is not configured for this app.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try another method' }));
    expect(value.navigate).toHaveBeenCalledWith(SCREEN.LANDING);
  });
});
