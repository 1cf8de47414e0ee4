// Where the product lives, said once, in package.json: `repository` (the code, its docs and issues) and
// `homepage` (the repository's static pages, which serve the Owlbear extension: .github/workflows/pages.yml).
// Every manifest, store listing, homepage and help link is made from these at build time
// (scripts/build.mjs, owlbear/build.mjs, scripts/package.mjs), so that nothing shipped names an
// address by hand, and none names a developer's machine.

/** The repository's web address, from package.json's `repository` (a string or `{ url }`, git+ and .git allowed). */
function repositoryOf(pkg) {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (typeof raw !== 'string') return { error: 'package.json has no repository' };
  const m = /^(?:git\+)?(https:\/\/github\.com\/[A-Za-z0-9-]+\/[A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(raw);
  if (!m) return { error: `package.json's repository must be a GitHub https address, not ${raw}` };
  return { repository: m[1] };
}

/**
 * The product's places: `repository`, `readme` (its front page), `issues`, `pages` (where the Owlbear
 * extension is served, ending in /), `doc(path)` (a page of docs/ as the repository shows it, at this
 * version's tag), and `source(version)` (the tagged source); `error` says what is wrong instead.
 */
export function productPlaces(pkg) {
  const repo = repositoryOf(pkg);
  if (repo.error) return repo;
  const { repository } = repo;
  let pages;
  try {
    pages = new URL(pkg.homepage ?? '');
  } catch {
    return { error: "package.json has no homepage (the address of the repository's pages)" };
  }
  if (pages.protocol !== 'https:' || pages.search || pages.hash)
    return { error: `package.json's homepage must be an https address without query or fragment, not ${pkg.homepage}` };
  const tag = `v${pkg.version}`;
  return {
    repository,
    readme: `${repository}#readme`,
    issues: `${repository}/issues`,
    pages: pages.href.replace(/\/*$/, '/'),
    doc: (file) => `${repository}/blob/${tag}/${file}`,
    source: `${repository}/tree/${tag}`,
  };
}
