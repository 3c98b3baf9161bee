import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { TextField } from '../components/field.js';
import { Form } from '../components/form.js';
import { LanguageSwitch } from '../components/language-switch.js';
import { Problem } from '../components/problem.js';
import { useT } from '../i18n/index.js';
import { navigate } from '../lib/router.js';
import { homePath, login } from '../lib/session.js';
import { useAction } from '../lib/use-resource.js';

/** Only paths inside the console are followed after login (no open redirect). */
function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/console/') && !next.startsWith('//') ? next : null;
}

export function LoginPage({ search, startupError }: { search: string; startupError?: ApiError }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useAction(async () => {
    const user = await login(email.trim(), password);
    navigate(safeNext(search) ?? homePath(user), { replace: true });
  });

  const error = submit.error;
  const message =
    error?.status === 401
      ? t('login.wrong')
      : error?.status === 429
        ? t('login.tooMany', { seconds: error.retryAfterSeconds ?? 60 })
        : undefined;

  return (
    <main class="login" id="main">
      <div class="login-card">
        <div class="login-top">
          <p class="brand">
            <span class="brand-mark" aria-hidden="true" />
            content-feed
          </p>
          <LanguageSwitch />
        </div>
        <h1>{t('login.title')}</h1>
        <Form class="form-stack" onSubmit={() => void submit.run()}>
          <TextField label={t('login.email')} type="email" name="email" autoComplete="username" required value={email} onValue={setEmail} />
          <TextField
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
          />
          {message ? (
            <p class="problem problem-compact" role="alert">
              {message}
            </p>
          ) : (
            <Problem error={error ?? startupError} compact />
          )}
          <button type="submit" class="button button-primary button-block" disabled={submit.pending}>
            {t('login.submit')}
          </button>
        </Form>
      </div>
    </main>
  );
}
