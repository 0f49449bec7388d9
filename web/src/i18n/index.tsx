/**
 * The message catalogue: English is built in, Chinese (zh-CN) is loaded when
 * chosen. Components never hold literal text: `t('chat.send')`, with
 * `{name}` placeholders filled from `vars`. Server error keys (`api.*`) are
 * entries of the same catalogue, so an error shows as `t(err.key)`.
 */
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { type Catalogue, en, type MessageKey } from './en.ts';

export type { Catalogue, MessageKey };
export type Locale = 'en' | 'zh-CN';
export type Translate = (key: MessageKey | string, vars?: Record<string, string | number>) => string;

const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: async () => en,
  'zh-CN': async () => (await import('./zh-CN.ts')).zhCN,
};

/** The locale a browser asks for, or the one stored by a previous choice. */
export function preferredLocale(): Locale {
  const saved = globalThis.localStorage?.getItem('locale');
  if (saved === 'en' || saved === 'zh-CN') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The server's `lang` setting (`zh`, `en`, `ja`) as a locale of this app. */
export const localeOfLang = (lang: string): Locale => (lang === 'zh' ? 'zh-CN' : 'en');
export const langOfLocale = (l: Locale): 'zh' | 'en' => (l === 'zh-CN' ? 'zh' : 'en');

export function format(catalogue: Catalogue, key: string, vars?: Record<string, string | number>): string {
  const text = (catalogue as Record<string, string>)[key] ?? (en as Record<string, string>)[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

interface I18n {
  t: Translate;
  locale: Locale;
  setLocale(l: Locale): void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(preferredLocale);
  const [catalogue, setCatalogue] = useState<Catalogue>(en);
  useEffect(() => {
    let live = true;
    void loaders[locale]().then((c) => {
      if (live) setCatalogue(c);
    });
    document.documentElement.lang = locale;
    return () => {
      live = false;
    };
  }, [locale]);
  const setLocale = useCallback((l: Locale) => {
    localStorage.setItem('locale', l);
    setLocaleState(l);
  }, []);
  const t = useCallback<Translate>((key, vars) => format(catalogue, key, vars), [catalogue]);
  const value = useMemo(() => ({ t, locale, setLocale }), [t, locale, setLocale]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const v = use(I18nContext);
  if (!v) throw new Error('I18nProvider missing');
  return v;
}

/** The translate function of the current locale. */
export const useT = (): Translate => useI18n().t;
