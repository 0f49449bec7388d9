/** Two-step login: a new secret shown as a QR code (and as text), turned on with a code from it; turned off with a current code. */
import { generate } from 'lean-qr';
import { toSvgDataURL } from 'lean-qr/extras/svg';
import { useState } from 'react';
import { useT } from '../i18n/index.tsx';
import { ok, useAction } from '../sdk/session.tsx';
import { ErrorText, Field, submitting } from '../ui/kit.tsx';

export function TwoFactor() {
  const t = useT();
  const [setup, setSetup] = useState<{ secret: string; otpauth: string } | null>(null);
  const [code, setCode] = useState('');
  const [offCode, setOffCode] = useState('');
  const [state, setState] = useState<'on' | 'off' | null>(null);
  const start = useAction(async (api) => setSetup(await ok(api.POST('/api/twofa/setup'))));
  const enable = useAction(
    (api) => ok(api.POST('/api/twofa/enable', { body: { code: code.trim(), secret: setup?.secret } })),
    () => {
      setSetup(null);
      setCode('');
      setState('on');
    },
  );
  const disable = useAction(
    (api) => ok(api.POST('/api/twofa/disable', { body: { code: offCode.trim() } })),
    () => {
      setOffCode('');
      setState('off');
    },
  );
  return (
    <section aria-labelledby="twofa" className="card">
      <h2 id="twofa">{t('twofa.title')}</h2>
      {state ? <p role="status">{t(state === 'on' ? 'twofa.nowOn' : 'twofa.nowOff')}</p> : null}
      {setup ? (
        <form onSubmit={submitting(() => enable.run())}>
          <p>{t('twofa.scan')}</p>
          <img className="qr" src={toSvgDataURL(generate(setup.otpauth), { on: 'black', off: 'white', pad: 4, scale: 5 })} alt={t('twofa.qrAlt')} />
          <p>
            {t('twofa.secret')} <code>{setup.secret}</code>
          </p>
          <Field label="auth.code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
          <ErrorText error={enable.error} />
          <button type="submit" className="primary">
            {t('twofa.enable')}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => void start.run()}>
          {t('twofa.setup')}
        </button>
      )}
      <ErrorText error={start.error} />
      <form className="inline" onSubmit={submitting(() => disable.run())}>
        <Field label="twofa.offCode" inputMode="numeric" value={offCode} onChange={(e) => setOffCode(e.target.value)} />
        <button type="submit">{t('twofa.disable')}</button>
      </form>
      <ErrorText error={disable.error} />
    </section>
  );
}
