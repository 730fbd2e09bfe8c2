// The small HTTP server the benchmark and the comparison open their page
// from: `/` is a one-line HTML page that loads `/page.js`, and any other path
// is a file of `dir` (404 if there is none).
import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'

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
