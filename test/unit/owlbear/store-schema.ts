// What Owlbear's extension store checks of a listing: owlbear-rodeo/extensions
// scripts/validation/manifest.js reads store.md's front matter with gray-matter (js-yaml) and checks it
// with a Joi schema; the same checks, field by field, in valibot.
import yaml from 'js-yaml';
import * as v from 'valibot';
import { STORE_TAGS } from '../../../owlbear/build.mjs';

/** `new URL(value)` must not throw: the store's `checkUrl`. */
const url = v.pipe(
  v.string(),
  v.check((s) => URL.canParse(s), 'check url is valid format'),
);
/** owlbear-rodeo/extensions scripts/validation/manifest.js, as valibot. */
export const storeSchema = v.object({
  title: v.string(),
  description: v.string(),
  author: v.string(),
  image: url,
  icon: url,
  tags: v.pipe(v.array(v.picklist(STORE_TAGS)), v.minLength(1)),
  manifest: url,
  'learn-more': v.union([v.pipe(v.string(), v.email()), url]),
});

export const frontMatter = (md: string): unknown => yaml.load(/^---\n([\s\S]*?)\n---\n/.exec(md)![1]!);
