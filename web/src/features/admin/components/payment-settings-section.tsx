import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { LoadError } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { paymentErrorMessage } from "@/lib/payments/payment-errors";
import { paymentSettingsOptions, savePaymentSettings, type PaymentSettings } from "../api/payment-settings-api";

/** The operator's payment settings (decision 0284): Stripe Connect, the platform fee, the default currency, the hold. */
export function PaymentSettingsSection() {
  const { t } = useLingui();
  const settings = useQuery(paymentSettingsOptions());
  return (
    <section aria-labelledby="payments-admin-heading" className="flex flex-col gap-3">
      <h2 id="payments-admin-heading" className="text-xl font-semibold">
        <Trans>Payments</Trans>
      </h2>
      {settings.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : settings.isError ? (
        <LoadError title={t`Couldn't load the payment settings.`} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PaymentSettingsForm initial={settings.data.settings} currencies={settings.data.currencies} />
      )}
    </section>
  );
}

function PaymentSettingsForm({ initial, currencies }: { initial: PaymentSettings; currencies: string[] }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [connect, setConnect] = useState(initial.connect_enabled);
  const [fee, setFee] = useState(String(initial.platform_fee_bps / 100));
  const [currency, setCurrency] = useState(initial.default_currency);
  const [hold, setHold] = useState(String(initial.hold_minutes));
  const bps = Math.round(Number(fee.replace(",", ".")) * 100);
  const feeProblem = fee.trim() === "" || !Number.isFinite(bps) || bps < 0 || bps > 5000 ? t`The fee is 0 to 50 percent.` : undefined;
  const minutes = Number(hold);
  const holdProblem = !Number.isInteger(minutes) || minutes < 5 || minutes > 60 ? t`Seats are held 5 to 60 minutes.` : undefined;
  const save = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: () => {
      toast.success(t`Payment settings saved.`);
      void queryClient.invalidateQueries({ queryKey: paymentSettingsOptions().queryKey });
    },
    onError: (error) => toast.error(paymentErrorMessage(error)),
  });
  return (
    <form
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (!feeProblem && !holdProblem) save.mutate({ connect_enabled: connect, platform_fee_bps: bps, default_currency: currency, hold_minutes: minutes });
      }}
    >
      <CheckboxField label={t`Stripe Connect`} checked={connect} onChange={(e) => setConnect(e.target.checked)}
        hint={t`On: each organizer or group connects their own Stripe account and is paid directly, less the platform fee. Off: every payment goes to this site's Stripe account.`} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t`Platform fee (%)`} error={feeProblem} hint={t`Taken from each order with Connect on.`}>
          <Input value={fee} inputMode="decimal" onChange={(e) => setFee(e.target.value)} />
        </FormField>
        <FormField label={t`Default currency`}>
          <Select value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t`Seats held during checkout (minutes)`} error={holdProblem}>
          <Input value={hold} inputMode="numeric" onChange={(e) => setHold(e.target.value)} />
        </FormField>
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        <Trans>Save payment settings</Trans>
      </Button>
    </form>
  );
}
