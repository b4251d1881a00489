import { zodResolver } from '@hookform/resolvers/zod';
import {
  EmailSchema,
  PHONE_MIN_DIGITS,
  PLACEHOLDER_COUNTRY,
  SignupFormSchema,
  USERNAME_CHECK_FROM,
  type SignupForm as SignupValues,
} from '@tuzo/contracts';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, invalidProps } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { currentLanguage, useTexts } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAvailability } from '../api/check-availability';
import { useCountries } from '../api/get-countries';
import { register as registerMember } from '../api/register';
import { authTexts } from '../texts';
import { AvailabilityLine } from './availability-line';

/** Typing filters of spec part 1, section 5. */
export const filterUsername = (value: string) => value.replace(/[^A-Za-z0-9_]/g, '');
export const filterPhone = (value: string) => value.replace(/\D/g, '').replace(/^0/, '');

export function SignupForm({ sponsor }: { sponsor?: string }) {
  const navigate = useNavigate();
  const t = useTexts(authTexts);
  const countries = useCountries();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', country: PLACEHOLDER_COUNTRY.id, phone: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [username, email, countryId, phone] = form.watch(['username', 'email', 'country', 'phone']);
  const countryList = countries.data ?? [PLACEHOLDER_COUNTRY];
  const country = countryList.find((item) => item.id === countryId) ?? PLACEHOLDER_COUNTRY;
  const hasCountry = country.id !== PLACEHOLDER_COUNTRY.id;
  const fullPhone = `${country.dial}${phone}`;

  const usernameState = useAvailability('username', username, username.length >= USERNAME_CHECK_FROM);
  const emailState = useAvailability('email', email.trim(), EmailSchema.safeParse(email).success);
  const phoneState = useAvailability('phone', fullPhone, hasCountry && phone.length >= PHONE_MIN_DIGITS);

  const filtered = (name: 'username' | 'phone', filter: (value: string) => string) => {
    const field = form.register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = filter(event.target.value);
        return field.onChange(event);
      },
    };
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerMember({
        username: values.username,
        email: values.email.trim(),
        phone: fullPhone,
        password: values.password,
        repassword: values.confirmPassword,
        country: values.country,
        ...(sponsor ? { upline: sponsor } : {}),
        // The language of the screen becomes the new member's language (decision 038).
        language: currentLanguage(),
      });
      toast.success(t('registered'));
      navigate('/login');
    } catch (error) {
      const isRefused = error instanceof ApiError;
      const message = isRefused ? error.msg || t('registrationFailed') : errorMessage(error, t('registrationError'));
      setFailure(message);
      toast.error(message, { id: isRefused ? 'signup-failed' : `error:${message}` });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t('signupForm')}>
      {sponsor ? (
        <Alert tone="success" data-testid="sponsor-box">
          {t('sponsor')} <strong className="font-semibold">{sponsor}</strong>
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field
        label={t('username')}
        htmlFor="signup-username"
        error={errors.username?.message}
        hint={<AvailabilityLine kind="username" state={usernameState} />}
      >
        <Input
          id="signup-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          {...invalidProps('signup-username', errors.username?.message)}
          {...filtered('username', filterUsername)}
        />
      </Field>
      <Field
        label={t('email')}
        htmlFor="signup-email"
        error={errors.email?.message}
        hint={<AvailabilityLine kind="email" state={emailState} />}
      >
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          {...invalidProps('signup-email', errors.email?.message)}
          {...form.register('email')}
        />
      </Field>
      <Field label={t('country')} htmlFor="signup-country" error={errors.country?.message}>
        <Select
          id="signup-country"
          autoComplete="country"
          {...invalidProps('signup-country', errors.country?.message)}
          {...form.register('country')}
        >
          {countryList.map((item) => (
            <option key={item.id} value={item.id}>
              {item.id === PLACEHOLDER_COUNTRY.id ? t('selectCountry') : `${item.country} (${item.dial})`}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t('phone')}
        htmlFor="signup-phone"
        error={errors.phone?.message}
        hint={<AvailabilityLine kind="phone" state={phoneState} />}
      >
        <div className="flex">
          <span
            className="inline-flex h-11 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-100 px-3 text-sm font-medium text-slate-800"
            data-testid="dial-code"
          >
            {country.dial}
          </span>
          <Input
            id="signup-phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={15}
            className="rounded-l-none"
            {...invalidProps('signup-phone', errors.phone?.message)}
            {...filtered('phone', filterPhone)}
          />
        </div>
      </Field>
      <Field label={t('password')} htmlFor="signup-password" error={errors.password?.message}>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          {...invalidProps('signup-password', errors.password?.message)}
          {...form.register('password')}
        />
      </Field>
      <Field label={t('confirmPassword')} htmlFor="signup-confirm" error={errors.confirmPassword?.message}>
        <Input
          id="signup-confirm"
          type="password"
          autoComplete="new-password"
          {...invalidProps('signup-confirm', errors.confirmPassword?.message)}
          {...form.register('confirmPassword')}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-2" disabled={isSubmitting}>
        {isSubmitting ? t('signingUp') : t('signUp')}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {t('haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {t('login')}
        </Link>
      </p>
    </form>
  );
}
