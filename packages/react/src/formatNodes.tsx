import { Fragment, type ReactNode } from 'react';

/**
 * Core's `formatMessage` for React nodes: fills `{name}` placeholders of a catalogue string
 * with elements (links, bold text). Unknown placeholders are left as written.
 *
 * @example formatNodes('Check {email}', { email: <strong>a@b.co</strong> })
 */
export function formatNodes(template: string, values: Record<string, ReactNode>): ReactNode {
  return template.split(/(\{\w+\})/g).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined && name in values ? values[name] : part;
    // Index keys: the parts of one template never reorder.
    return <Fragment key={i}>{value}</Fragment>;
  });
}
