export { PhoneSignInForm } from "./phone-sign-in-form";
