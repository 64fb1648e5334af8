/**
 * Another app's account in the login list (issue 21 item 3; spec sections 1, 3 "Cross-app
 * connection" and 7): the button of a `latchkey:{providerAppId}` item shows the provider app's
 * name and icon from `GET /api/v1/apps/{appId}/cross-app/connections` (fetched once per client,
 * `client.getCrossAppConnections`), and 'Another app' until they are known or when the server
 * does not list the provider (its click then ends on 'Invalid connected app').
 */
import { type CrossAppConnection, OAUTH_PROVIDER_DISPLAY } from '@latchkey/api';
import { isCrossAppLoginItem } from '@latchkey/core';
import { useContext, useEffect, useState } from 'react';
import { UserIcon } from '../../components/Icons/Icons.tsx';
import { LatchkeyContext } from '../../LatchkeyProvider/context.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { ProviderIcon } from './icons.tsx';

/** The provider app id of a `latchkey:{providerAppId}` item. */
export const providerAppOf = (item: string) => item.slice(item.indexOf(':') + 1);

/**
 * The connection of a cross-app login item (`latchkey:{providerAppId}`): undefined while the
 * listing loads or when it does not name that provider (or failed: the button still works).
 * Once the client's listing answered, every later button reads it synchronously
 * (`client.knownCrossAppConnections()`), so a reopened modal shows the names at once.
 */
export function useCrossAppConnection(item: string): CrossAppConnection | undefined {
  const client = useContext(LatchkeyContext)?.client;
  const [connections, setConnections] = useState(() => client?.knownCrossAppConnections());
  useEffect(() => {
    if (!client || connections) return;
    let live = true;
    client.getCrossAppConnections().then(
      (list) => {
        if (live) setConnections(list);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client, connections]);
  const id = providerAppOf(item);
  return connections?.find((c) => c.provider_app_id === id);
}

/** The name on a cross-app button: the provider app's, else 'Another app'. */
export function CrossAppItemLabel({ item }: { item: string }) {
  const { messages } = useModal();
  const connection = useCrossAppConnection(item);
  return <>{connection?.provider_app_name ?? messages.crossAppAnotherApp}</>;
}

/** The icon on a cross-app button: the provider app's logo, else a neutral glyph. */
export function CrossAppItemIcon({ item }: { item: string }) {
  const icon = useCrossAppConnection(item)?.provider_app_icon_url;
  return icon ? <img src={icon} alt="" /> : <UserIcon />;
}

/** An OAuth login-list item's logo: a social provider's, or another app's. */
export function OAuthItemIcon({ item }: { item: string }) {
  return isCrossAppLoginItem(item) ? (
    <CrossAppItemIcon item={item} />
  ) : (
    <ProviderIcon item={item} />
  );
}

/** An OAuth login-list item's label: a provider's brand name, or another app's name. */
export function OAuthItemLabel({ item }: { item: string }) {
  if (isCrossAppLoginItem(item)) return <CrossAppItemLabel item={item} />;
  return <>{(OAUTH_PROVIDER_DISPLAY as Readonly<Record<string, string>>)[item] ?? item}</>;
}
