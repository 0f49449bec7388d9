import { describe, expect, it } from 'vitest';
import { entryTime, momentText } from '../../src/chat/days.ts';
import { en } from '../../src/i18n/en.ts';

const t = (key: 'chat.today' | 'chat.yesterday') => en[key];
// Local times, so that the days are the reader's whatever the machine's time zone.
const now = new Date(2026, 11, 4, 18, 30).getTime();
const at = (month: number, day: number, hour: number, year = 2026) => new Date(year, month, day, hour, 5).getTime();

describe("a conversation entry's time", () => {
  it('is the hour today, "Yesterday", the weekday within the week, then the date, with the year when not this one', () => {
    expect(entryTime(at(11, 4, 9), now, 'en-US', t)).toBe('9:05 AM');
    expect(entryTime(at(11, 4, 0), now, 'en-US', t)).toBe('12:05 AM');
    expect(entryTime(at(11, 3, 23), now, 'en-US', t)).toBe('Yesterday');
    expect(entryTime(at(11, 1, 12), now, 'en-US', t)).toBe('Tue');
    expect(entryTime(at(10, 28, 12), now, 'en-US', t)).toBe('Nov 28');
    expect(entryTime(at(11, 24, 12, 2025), now, 'en-US', t)).toBe('Dec 24, 2025');
  });

  it("follows the reader's language", () => {
    expect(entryTime(at(11, 4, 9), now, 'zh-CN', t)).toBe('09:05');
    expect(entryTime(at(10, 28, 12), now, 'zh-CN', t)).toBe('11月28日');
  });
});

describe('a moment (a message\'s time, a penalty\'s end)', () => {
  it('is the hour today and the short date with the hour on any other day, without seconds', () => {
    expect(momentText(at(11, 4, 21), now, 'en-US')).toBe('9:05 PM');
    expect(momentText(at(11, 5, 9), now, 'en-US')).toBe('12/5/26, 9:05 AM');
    expect(momentText(at(11, 3, 9), now, 'en-US')).toBe('12/3/26, 9:05 AM');
  });

  it("follows the reader's language", () => {
    expect(momentText(at(11, 4, 21), now, 'zh-CN')).toBe('21:05');
    expect(momentText(at(11, 5, 9), now, 'zh-CN')).toBe('2026/12/5 09:05');
  });
});
