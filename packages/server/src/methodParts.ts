/**
 * Optional method parts found by file convention (issue 11: "a login method is one folder per
 * package"). Some server pieces exist for only some methods and are needed only at process
 * start: a channel transport (`methods/<id>/delivery/fromEnv.ts`), the dev app's seed
 * (`methods/<id>/devSeed.ts`). They are loaded here, for each module of the registry
 * (`METHODS` in `methods/index.ts`), from the file at that path in its folder, so a new method
 * adds the file and nothing else; a method without the file contributes nothing. Loaded with
 * `import()`, so production never loads a dev seed.
 */
import { existsSync } from 'node:fs';
import { METHODS } from './methods/index.ts';

/** A part contributed by one method. */
export interface MethodPart<T> {
  /** The method id (`METHODS[i].id`, the folder name). */
  id: string;
  /** The file's export. */
  part: T;
}

/** Options of {@link loadMethodParts} (tests narrow them). */
export interface LoadMethodPartsOptions {
  /** The methods to look in. Default the registry, `METHODS`. */
  methods?: readonly { readonly id: string }[];
  /** The folder holding `<id>/` folders. Default this package's `src/methods/`. */
  root?: URL;
}

/**
 * Loads one named export of `methods/<id>/<file>` for every method that has the file, in the
 * registry's order.
 *
 * @param file path inside a method folder, e.g. `devSeed.ts`, `delivery/fromEnv.ts`.
 * @param exportName the export to take, e.g. `devSeed`.
 * @throws Error when a method has the file but not the export (a misnamed export must not be
 *   silently skipped), or the file fails to load.
 */
export async function loadMethodParts<T>(
  file: string,
  exportName: string,
  options: LoadMethodPartsOptions = {},
): Promise<MethodPart<T>[]> {
  const root = options.root ?? new URL('./methods/', import.meta.url);
  const parts: MethodPart<T>[] = [];
  for (const method of options.methods ?? METHODS) {
    const url = new URL(`${method.id}/${file}`, root);
    if (!existsSync(url)) continue;
    const module = (await import(url.href)) as Record<string, unknown>;
    if (module[exportName] === undefined) {
      throw new Error(`methods/${method.id}/${file} does not export ${exportName}`);
    }
    parts.push({ id: method.id, part: module[exportName] as T });
  }
  return parts;
}
