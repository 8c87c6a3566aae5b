/**
 * The reader's words for a gateway refusal: when they can ask again (their language and time
 * zone, the date when it is not within a day), that the site has not allowed the page, and
 * nothing for other failures.
 */
import { describe, expect, it } from 'vitest'
import { gatewayNotice, resetText } from '../../../components/dsh-transcript/gateway-notice.ts'
import { strings } from '../../../components/i18n/strings.ts'

const now = Date.parse('2026-12-03T08:00:00Z')

describe('gatewayNotice', () => {
  it('says when a reader can ask again, in English and Chinese', () => {
    const soon = '2026-12-03T08:00:42Z'
    expect(gatewayNotice({ code: 'GATEWAY_LIMIT', detail: soon }, strings('en'), 'en', now)).toBe(`This site’s assistant has reached its limit for now. You can ask again at ${resetText(soon, 'en', now)}.`)
    expect(gatewayNotice({ code: 'GATEWAY_LIMIT', detail: soon }, strings('zh'), 'zh', now)).toContain('本站助手暂时达到了使用上限')
    expect(resetText(soon, 'en', now)).toMatch(/\d\d:\d\d/)
    expect(resetText('2026-12-06T00:00:00Z', 'en', now)).toMatch(/2026/)
  })

  it('falls back to “in a moment” without a readable reset time', () => {
    expect(gatewayNotice({ code: 'GATEWAY_LIMIT' }, strings('en'), 'en', now)).toBe(strings('en').gatewayLimitSoon)
    expect(gatewayNotice({ code: 'GATEWAY_LIMIT', detail: 'soon' }, strings('en'), 'en', now)).toBe(strings('en').gatewayLimitSoon)
  })

  it('says the site has not allowed the page, and leaves other failures alone', () => {
    expect(gatewayNotice({ code: 'ORIGIN_NOT_ALLOWED' }, strings('en'), 'en', now)).toBe('This site has not allowed this page to use its assistant.')
    expect(gatewayNotice({ code: 'SERVER' }, strings('en'), 'en', now)).toBeUndefined()
  })
})
