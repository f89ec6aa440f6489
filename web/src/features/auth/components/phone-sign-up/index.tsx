import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";

// Its own chunk: the country picker's number rules (libphonenumber-js, ≈19 KB gzip of metadata)
// load only when someone chooses a phone number (decision 0153).
const Form = lazy(() => import("./phone-sign-up-form").then((m) => ({ default: m.PhoneSignUpForm })));

export function PhoneSignUpForm() {
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full" />}>
      <Form />
    </Suspense>
  );
}
