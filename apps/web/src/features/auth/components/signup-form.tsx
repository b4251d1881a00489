import { zodResolver } from '@hookform/resolvers/zod';
import {
  EmailSchema,
  PHONE_MIN_DIGITS,
  PLACEHOLDER_COUNTRY,
  SignupFormSchema,
  USERNAME_CHECK_FROM,
  type SignupForm as SignupValues,
} from '@tuzo/contracts';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, InputField, invalidProps } from '@/components/ui/field';
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

type SignupFormApi = UseFormReturn<SignupValues>;
type Country = NonNullable<ReturnType<typeof useCountries>['data']>[number];
const useAuthTexts = () => useTexts(authTexts);
type Texts = ReturnType<typeof useAuthTexts>;

/** `form.register(name)` with a typing filter applied to each change. */
function filtered(form: SignupFormApi, name: 'username' | 'phone', filter: (value: string) => string) {
  const field = form.register(name);
  return {
    ...field,
    onChange: (event: Parameters<typeof field.onChange>[0]) => {
      const input = event.target as HTMLInputElement;
      input.value = filter(input.value);
      return field.onChange(event);
    },
  };
}

/** Registers the member; a refusal or failure is shown above the form and as a toast. */
function useRegister(sponsor: string | undefined, t: Texts) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(values: SignupValues, fullPhone: string) {
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
  }
  return { failure, submit };
}

export function SignupForm({ sponsor }: { sponsor?: string }) {
  const t = useAuthTexts();
  const countries = useCountries();
  const form = useForm<SignupValues>({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', country: PLACEHOLDER_COUNTRY.id, phone: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const countryId = form.watch('country');
  const countryList = countries.data ?? [PLACEHOLDER_COUNTRY];
  const country = countryList.find((item) => item.id === countryId) ?? PLACEHOLDER_COUNTRY;
  const { failure, submit } = useRegister(sponsor, t);
  const onSubmit = form.handleSubmit((values) => submit(values, `${country.dial}${form.getValues('phone')}`));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label={t('signupForm')}>
      {sponsor ? (
        <Alert tone="success" data-testid="sponsor-box">
          {t('sponsor')} <strong className="font-semibold">{sponsor}</strong>
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <IdentityFields form={form} t={t} country={country} countryList={countryList} />
      <InputField
        label={t('password')}
        id="signup-password"
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        field={form.register('password')}
      />
      <InputField
        label={t('confirmPassword')}
        id="signup-confirm"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        field={form.register('confirmPassword')}
      />
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

/** Username, email, country and phone: each checked for availability while it is typed. */
function IdentityFields({
  form,
  t,
  country,
  countryList,
}: {
  form: SignupFormApi;
  t: Texts;
  country: Country;
  countryList: Country[];
}) {
  const { errors } = form.formState;
  const [username, email, phone] = form.watch(['username', 'email', 'phone']);
  const hasCountry = country.id !== PLACEHOLDER_COUNTRY.id;
  const usernameState = useAvailability('username', username, username.length >= USERNAME_CHECK_FROM);
  const emailState = useAvailability('email', email.trim(), EmailSchema.safeParse(email).success);
  const phoneState = useAvailability('phone', `${country.dial}${phone}`, hasCountry && phone.length >= PHONE_MIN_DIGITS);
  return (
    <>
      <InputField
        label={t('username')}
        id="signup-username"
        error={errors.username?.message}
        hint={<AvailabilityLine kind="username" state={usernameState} />}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        field={filtered(form, 'username', filterUsername)}
      />
      <InputField
        label={t('email')}
        id="signup-email"
        error={errors.email?.message}
        hint={<AvailabilityLine kind="email" state={emailState} />}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        field={form.register('email')}
      />
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
      <PhoneField form={form} t={t} dial={country.dial} state={phoneState} />
    </>
  );
}

/** The phone number after the chosen country's dial code. */
function PhoneField({
  form,
  t,
  dial,
  state,
}: {
  form: SignupFormApi;
  t: Texts;
  dial: string;
  state: ReturnType<typeof useAvailability>;
}) {
  const { errors } = form.formState;
  return (
    <Field
      label={t('phone')}
      htmlFor="signup-phone"
      error={errors.phone?.message}
      hint={<AvailabilityLine kind="phone" state={state} />}
    >
      <div className="flex">
        <span
          className="inline-flex h-11 items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-100 px-3 text-sm font-medium text-slate-800"
          data-testid="dial-code"
        >
          {dial}
        </span>
        <Input
          id="signup-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          className="rounded-l-none"
          {...invalidProps('signup-phone', errors.phone?.message)}
          {...filtered(form, 'phone', filterPhone)}
        />
      </div>
    </Field>
  );
}
