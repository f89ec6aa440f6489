// A ticket as public.wallet_ticket(code) returns it.
export interface WalletTicket {
  ticket_id: string;
  code: string;
  holder_name: string;
  position: number;
  ticket_type: string;
  order_id: string;
  organizer: string | null;
  event: {
    id: string; slug: string; title: string; starts_at: string; ends_at: string; timezone: string;
    venue_name: string | null; address: string | null; lat: number | null; lng: number | null; is_online: boolean; status: string;
  };
}
