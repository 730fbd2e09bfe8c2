// String formats the validator asserts (JSON Schema's `format`). No Vue
// import, no `eval`. Loaded with the validator, on a tool's first call.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:(z)|([+-])(\d{2}):(\d{2}))$/i

function isDate(value: string): boolean {
  const m = DATE.exec(value)
  if (!m)
    return false
  const [y, mo, d] = [+m[1]!, +m[2]!, +m[3]!]
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days[mo - 1]!
}

/** RFC 3339 time; a leap second only at 23:59:60 UTC. */
function isTime(value: string): boolean {
  const m = TIME.exec(value)
  if (!m)
    return false
  const [h, min, s] = [+m[1]!, +m[2]!, +m[3]!]
  const sign = m[5] === '-' ? -1 : 1
  const [oh, om] = m[4] ? [0, 0] : [+m[6]!, +m[7]!]
  if (h > 23 || min > 59 || s > 60 || oh > 23 || om > 59)
    return false
  if (s < 60)
    return true
  const utc = (((h * 60 + min - sign * (oh * 60 + om)) % 1440) + 1440) % 1440
  return utc === 23 * 60 + 59
}

// RFC 3339 appendix A: a unit only after the next larger one, and weeks alone.
const DURATION = /^P(?:(?:\d+D|\d+M(?:\d+D)?|\d+Y(?:\d+M(?:\d+D)?)?)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/

function isIpv4(value: string): boolean {
  return /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(value)
}

function isIpv6(value: string): boolean {
  // A trailing IPv4 address stands for two groups.
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(value)
  if (v4 && !isIpv4(v4[2]!))
    return false
  const halves = (v4 ? `${v4[1]}0:0` : value).split('::')
  if (halves.length > 2)
    return false
  const groups = halves.flatMap(part => part === '' ? [] : part.split(':'))
  if (!groups.every(g => /^[\da-f]{1,4}$/i.test(g)))
    return false
  return halves.length === 2 ? groups.length < 8 : groups.length === 8
}

// RFC 3986 (and RFC 3987 for IRIs, with non-ASCII allowed where it allows it).
function uriPattern(iri: boolean, reference: boolean): RegExp {
  const uc = iri ? '\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF\\u{10000}-\\u{EFFFD}' : ''
  const unreserved = `A-Za-z0-9\\-._~${uc}`
  const pct = '%[0-9A-Fa-f]{2}'
  const sub = '!$&\'()*+,;='
  const pchar = `(?:[${unreserved}${sub}:@]|${pct})`
  const segment = `${pchar}*`
  const segmentNz = `${pchar}+`
  const segmentNzNc = `(?:[${unreserved}${sub}@]|${pct})+`
  const host = `(?:\\[[0-9A-Fa-f:.]+\\]|\\[[vV][0-9A-Fa-f]+\\.[${unreserved}${sub}:]+\\]|(?:[${unreserved}${sub}]|${pct})*)`
  const authority = `(?:(?:[${unreserved}${sub}:]|${pct})*@)?${host}(?::\\d*)?`
  const query = `(?:${pchar}|[/?${iri ? '\\uE000-\\uF8FF\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}' : ''}])*`
  const tail = `(?:\\?${query})?(?:#(?:${pchar}|[/?])*)?`
  const absolutePath = `/(?:${segmentNz}(?:/${segment})*)?`
  const hier = `(?://${authority}(?:/${segment})*|${absolutePath}|${segmentNz}(?:/${segment})*|)`
  const relative = `(?://${authority}(?:/${segment})*|${absolutePath}|${segmentNzNc}(?:/${segment})*|)`
  const absolute = `[A-Za-z][A-Za-z0-9+\\-.]*:${hier}`
  return new RegExp(`^(?:${absolute}${reference ? `|${relative}` : ''})${tail}$`, 'u')
}

const lazyPatterns = new Map<string, RegExp>()
function uriLike(kind: string, iri: boolean, reference: boolean): (value: string) => boolean {
  return (value) => {
    let re = lazyPatterns.get(kind)
    if (!re)
      lazyPatterns.set(kind, re = uriPattern(iri, reference))
    if (!re.test(value))
      return false
    // An IP literal's address is checked in full; a leading zero in its IPv4 part is not allowed.
    const literal = /^[^/?#]*:\/\/(?:[^@/?#]*@)?\[([^\]]*)\]/.exec(value)?.[1] ?? /^\/\/(?:[^@/?#]*@)?\[([^\]]*)\]/.exec(value)?.[1]
    return literal === undefined || /^v/i.test(literal) || isIpv6(literal)
  }
}

// Punycode (RFC 3492), enough to check A-labels.
const BASE = 36
function adapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / 700) : delta >> 1
  delta += Math.floor(delta / points)
  let k = 0
  for (; delta > 455; k += BASE)
    delta = Math.floor(delta / 35)
  return k + Math.floor((36 * delta) / (delta + 38))
}

function punyDecode(input: string): string | undefined {
  const out: number[] = []
  const cut = input.lastIndexOf('-')
  for (let j = 0; j < Math.max(cut, 0); j++) {
    if (input.charCodeAt(j) >= 0x80)
      return undefined
    out.push(input.charCodeAt(j))
  }
  let n = 128
  let bias = 72
  let i = 0
  for (let at = cut > 0 ? cut + 1 : 0; at < input.length;) {
    const old = i
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length)
        return undefined
      const c = input.charCodeAt(at++)
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : BASE
      if (digit >= BASE)
        return undefined
      i += digit * w
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias
      if (digit < t)
        break
      w *= BASE - t
    }
    bias = adapt(i - old, out.length + 1, old === 0)
    n += Math.floor(i / (out.length + 1))
    i %= out.length + 1
    if (n > 0x10FFFF)
      return undefined
    out.splice(i++, 0, n)
  }
  return String.fromCodePoint(...out)
}

function punyEncode(input: string): string {
  const points = Array.from(input, c => c.codePointAt(0)!)
  const digit = (d: number) => String.fromCharCode(d + 22 + 75 * (d < 26 ? 1 : 0))
  let output = points.filter(c => c < 0x80).map(c => String.fromCharCode(c)).join('')
  const basic = output.length
  let handled = basic
  if (basic)
    output += '-'
  let n = 128
  let delta = 0
  let bias = 72
  while (handled < points.length) {
    const m = Math.min(...points.filter(c => c >= n))
    delta += (m - n) * (handled + 1)
    n = m
    for (const c of points) {
      if (c < n)
        delta++
      if (c === n) {
        let q = delta
        for (let k = BASE; ; k += BASE) {
          const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias
          if (q < t)
            break
          output += digit(t + ((q - t) % (BASE - t)))
          q = Math.floor((q - t) / (BASE - t))
        }
        output += digit(q)
        bias = adapt(delta, handled + 1, handled === basic)
        delta = 0
        handled++
      }
    }
    delta++
    n++
  }
  return output
}

// IDNA 2008 (RFC 5891-5893), approximated with Unicode properties.
const PVALID = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}\-\u06FD\u06FE\u0F0B\u3007\u00B7\u0375\u05F3\u05F4\u30FB\u200C\u200D]$/u
// The two combining marks first: after a letter, a mark reads as part of it.
const DISALLOWED = /[\u302E\u302F\u0640\u07FA\u3031-\u3035\u303B]/
const VIRAMA = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D\u0DCA\u0E3A\u1039\u1714\u1734\u17D2\u1A60\u1B44\u1BAA\u1BF2\u1C37\uA806\uA8C4\uA953\uA9C0]/
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u
const ARABIC_INDIC = /[\u0660-\u0669]/
const EXTENDED_ARABIC_INDIC = /[\u06F0-\u06F9]/

function bidiClass(c: string): 'L' | 'R' | 'AN' | 'EN' | 'NSM' | 'ON' {
  if (/\p{M}/u.test(c))
    return 'NSM'
  if (ARABIC_INDIC.test(c))
    return 'AN'
  if (/[0-9\u06F0-\u06F9]/.test(c))
    return 'EN'
  if (RTL.test(c))
    return 'R'
  if (/\p{L}/u.test(c))
    return 'L'
  return 'ON'
}

function isULabel(label: string, bidiDomain: boolean): boolean {
  const chars = Array.from(label)
  if (!chars.length || label.startsWith('-') || label.endsWith('-') || label.slice(2, 4) === '--')
    return false
  if (/^\p{M}/u.test(label) || DISALLOWED.test(label))
    return false
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    if (!/[a-z0-9]/i.test(c) && !PVALID.test(c))
      return false
    const before = chars[i - 1]
    const after = chars[i + 1]
    if (c === '\u00B7' && !(before === 'l' && after === 'l'))
      return false
    if (c === '\u0375' && !(after && /\p{Script=Greek}/u.test(after)))
      return false
    if ((c === '\u05F3' || c === '\u05F4') && !(before && /\p{Script=Hebrew}/u.test(before)))
      return false
    if (c === '\u30FB' && !chars.some(o => o !== '\u30FB' && /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(o)))
      return false
    if (c === '\u200D' && !(before && VIRAMA.test(before)))
      return false
    if (c === '\u200C' && !(before && VIRAMA.test(before)) && !(before && after && /\p{Script=Arabic}/u.test(before) && /\p{Script=Arabic}/u.test(after)))
      return false
  }
  if (ARABIC_INDIC.test(label) && EXTENDED_ARABIC_INDIC.test(label))
    return false
  if (bidiDomain) {
    const classes = chars.map(bidiClass)
    const first = classes[0]
    if (first !== 'L' && first !== 'R')
      return false
    const last = classes.filter(k => k !== 'NSM').pop()
    if (first === 'R') {
      if (classes.includes('L') || (classes.includes('EN') && classes.includes('AN')) || !(last === 'R' || last === 'EN' || last === 'AN'))
        return false
    }
    else if (classes.includes('R') || classes.includes('AN') || !(last === 'L' || last === 'EN')) {
      return false
    }
  }
  return true
}

function isHostname(value: string, idn: boolean): boolean {
  const labels = idn ? value.split(/[.\u3002\uFF0E\uFF61]/) : value.split('.')
  if (!idn && !/^[\x21-\x7E]+$/.test(value))
    return false
  const decoded: string[] = []
  let ascii = 0
  for (const label of labels) {
    if (!label)
      return false
    let unicode = label
    let aLabel = label
    if (/^xn--/i.test(label)) {
      const u = punyDecode(label.slice(4).toLowerCase())
      if (u === undefined || /^\p{ASCII}*$/u.test(u) || punyEncode(u) !== label.slice(4).toLowerCase())
        return false
      unicode = u
    }
    else if (/\P{ASCII}/u.test(label)) {
      aLabel = `xn--${punyEncode(label)}`
    }
    else if (!/^[a-z0-9-]+$/i.test(label)) {
      return false
    }
    if (aLabel.length > 63)
      return false
    ascii += aLabel.length + 1
    decoded.push(unicode)
  }
  if (ascii - 1 > 253)
    return false
  const bidiDomain = decoded.some(l => Array.from(l).some(c => bidiClass(c) === 'R' || bidiClass(c) === 'AN'))
  return decoded.every(l => (/^[a-z0-9-]+$/i.test(l) && !bidiDomain) ? !l.startsWith('-') && !l.endsWith('-') && l.slice(2, 4) !== '--' : isULabel(l, bidiDomain))
}

function isEmail(value: string, idn: boolean): boolean {
  const at = value.lastIndexOf('@')
  if (at < 1)
    return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  const atom = `(?:[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]${idn ? '|[^\\x00-\\x7F]' : ''})+`
  if (!new RegExp(`^(?:${atom}(?:\\.${atom})*|"(?:[^"\\\\\\r\\n]|\\\\.)*")$`, 'u').test(local))
    return false
  const literal = /^\[(?:IPv6:(.+)|(.+))\]$/.exec(domain)
  if (literal)
    return literal[1] ? isIpv6(literal[1]) : isIpv4(literal[2]!)
  return isHostname(domain, idn)
}

function isRegex(value: string): boolean {
  try {
    // eslint-disable-next-line no-new
    new RegExp(value, 'u')
    return true
  }
  catch {
    return false
  }
}

const VARSPEC = '(?:\\w|%[\\dA-F]{2})(?:\\.?(?:\\w|%[\\dA-F]{2}))*(?::[1-9]\\d{0,3}|\\*)?'
const URI_TEMPLATE = new RegExp(`^(?:[^\\x00-\\x20\\x7F"%<>\\\\^\`{|}]|%[\\dA-F]{2}|\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\})*$`, 'i')

/** Asserted formats. Unknown formats are not checked. */
export const FORMATS: Record<string, (value: string) => boolean> = {
  'date': isDate,
  'time': isTime,
  'date-time': (v) => {
    const t = v.search(/t/i)
    return t === 10 && isDate(v.slice(0, t)) && isTime(v.slice(t + 1))
  },
  'duration': v => DURATION.test(v),
  'email': v => isEmail(v, false),
  'idn-email': v => isEmail(v, true),
  'hostname': v => isHostname(v, false),
  'idn-hostname': v => isHostname(v, true),
  'ipv4': isIpv4,
  'ipv6': isIpv6,
  'uri': uriLike('uri', false, false),
  'uri-reference': uriLike('uri-reference', false, true),
  'iri': uriLike('iri', true, false),
  'iri-reference': uriLike('iri-reference', true, true),
  'uri-template': v => URI_TEMPLATE.test(v),
  'json-pointer': v => /^(?:\/(?:[^~/]|~[01])*)*$/.test(v),
  'relative-json-pointer': v => /^(?:0|[1-9]\d*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/.test(v),
  'regex': isRegex,
  'uuid': v => /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(v),
}
