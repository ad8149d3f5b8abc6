/**
 * Vite plugin: @rjsf/core's default registry holds only the fields and
 * widgets the insure form can use (the insure screen's chunk).
 * rjsf builds its default registry from two modules that import every field
 * (layout grid, multi-schema, boolean, number, …) and every widget (file,
 * rating, dates, colour, …) it ships, so all of them land in the chunk
 * although the form's schema (engine/insure/form-schema.ts: `FormJsonSchema`
 * has only objects, arrays and strings, lists as `enum`, no `oneOf`, `anyOf`
 * or `$ref`) reaches a few and the antd-mobile theme (src/web/form-theme)
 * replaces the select, radio and checkbox widgets. Those two modules are
 * given here in short; the templates stay whole.
 *
 * A schema using a field left out renders rjsf's "unsupported field"
 * template; tests/web/render runs every manifest's form through this plugin
 * (vitest.config.ts) and fails on it.
 *
 * Likewise @rjsf/utils' `allOf` merging (`shallowAllOfMerge`, which brings
 * @x0k/json-schema-merge: 3.8 KB gzip) is given as a function that refuses:
 * no form schema has an `allOf` (tests/web/form-theme/rjsf-registry.test.ts),
 * and should one appear, rjsf's retrieveSchema catches the refusal, warns and
 * uses the schema without its `allOf`.
 */
import type { Plugin } from 'vite';

const FIELDS = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/;
const WIDGETS = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]widgets[\\/]index\.js$/;
const ALL_OF_MERGE = /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]shallowAllOfMerge\.js$/;

/** What the web build has for rjsf's `allOf` merge: no form schema has one. */
export const ALL_OF_REFUSED = 'allOf is not supported by the insure form (scripts/lib/vite-rjsf-registry.ts)';

/** The fields rjsf needs for objects, arrays and strings (the optional-data controls are used by both containers). */
export const KEPT_FIELDS = ['ArrayField', 'ObjectField', 'OptionalDataControlsField', 'SchemaField', 'StringField'] as const;
/** rjsf's text widget (the theme's BaseInputTemplate renders it); the theme brings its select, radio and checkbox. */
export const KEPT_WIDGETS = ['TextWidget', 'HiddenWidget'] as const;

function registryModule(name: string, kept: readonly string[]): string {
  const imports = kept.map((part) => `import ${part} from "./${part}.js";`).join('\n');
  return `${imports}\nfunction ${name}() {\n  return { ${kept.join(', ')} };\n}\nexport default ${name};\n`;
}

export function rjsfRegistryForWeb(): Plugin {
  return {
    name: 'edu-rjsf-registry',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0] ?? id;
      if (FIELDS.test(path)) return registryModule('fields', KEPT_FIELDS);
      if (WIDGETS.test(path)) return registryModule('widgets', KEPT_WIDGETS);
      if (ALL_OF_MERGE.test(path)) return `export default function shallowAllOfMerge() {\n  throw new Error(${JSON.stringify(ALL_OF_REFUSED)});\n}\n`;
      return null;
    },
  };
}
