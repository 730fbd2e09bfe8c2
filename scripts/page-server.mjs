// The page the benchmark and the comparison open in Chromium: bundled as a
// production Vue app, and served by a small HTTP server where `/` is a
// one-line HTML page that loads `/page.js`, and any other path is a file of
// `dir` (404 if there is none).
import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { build } from 'esbuild'

/** Bundles `entry` into `outdir` as `page.js` and its chunks, minified, as a production Vue build. Resolves to esbuild's result (with its metafile). */
export function bundlePage(entry, outdir, alias, options = {}) {
  return build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"', '__VUE_OPTIONS_API__': 'false', '__VUE_PROD_DEVTOOLS__': 'false', '__VUE_PROD_HYDRATION_MISMATCH_DETAILS__': 'false' },
    alias,
    logLevel: 'silent',
    metafile: true,
    ...options,
  })
}

/** Answers `req` from `dir`; `title` and `body` fill the HTML page served at `/`. */
export async function servePage(req, res, dir, { title, body = '' }) {
  const path = req.url === '/' || req.url.startsWith('/?') ? '/index.html' : req.url.split('?')[0]
  if (path === '/favicon.ico') {
    res.statusCode = 204
    return res.end()
  }
  if (path === '/index.html') {
    res.setHeader('content-type', 'text/html')
    return res.end(`<!doctype html><meta charset="utf-8"><title>${title}</title>${body}<script type="module" src="/page.js"></script>`)
  }
  try {
    const file = await readFile(join(dir, path))
    res.setHeader('content-type', extname(path) === '.js' ? 'text/javascript' : 'application/octet-stream')
    res.end(file)
  }
  catch {
    res.statusCode = 404
    res.end()
  }
}
