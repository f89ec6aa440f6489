export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "14.0"
  }
  public: {
    Tables: {
      appeals: {
        Row: {
          appellant_id: string | null
          created_at: string
          decided_at: string | null
          decided_by: string | null
          hidden_item_id: string
          id: string
          message: string
          response: string | null
          status: string
        }
        Insert: {
          appellant_id?: string | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          hidden_item_id: string
          id?: string
          message: string
          response?: string | null
          status?: string
        }
        Update: {
          appellant_id?: string | null
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          hidden_item_id?: string
          id?: string
          message?: string
          response?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "appeals_appellant_id_fkey"
            columns: ["appellant_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "appeals_decided_by_fkey"
            columns: ["decided_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "appeals_hidden_item_id_fkey"
            columns: ["hidden_item_id"]
            isOneToOne: true
            referencedRelation: "hidden_items"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_tokens: {
        Row: {
          created_at: string
          token: string
          user_id: string
        }
        Insert: {
          created_at?: string
          token: string
          user_id: string
        }
        Update: {
          created_at?: string
          token?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "calendar_tokens_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      comments: {
        Row: {
          author_id: string
          body: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          event_id: string
          hidden_at: string | null
          id: string
          parent_id: string | null
        }
        Insert: {
          author_id: string
          body: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          event_id: string
          hidden_at?: string | null
          id?: string
          parent_id?: string | null
        }
        Update: {
          author_id?: string
          body?: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          event_id?: string
          hidden_at?: string | null
          id?: string
          parent_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "comments"
            referencedColumns: ["id"]
          },
        ]
      }
      conversations: {
        Row: {
          created_at: string
          id: string
          last_message_at: string
          user_a: string
          user_b: string
        }
        Insert: {
          created_at?: string
          id?: string
          last_message_at?: string
          user_a: string
          user_b: string
        }
        Update: {
          created_at?: string
          id?: string
          last_message_at?: string
          user_a?: string
          user_b?: string
        }
        Relationships: [
          {
            foreignKeyName: "conversations_user_a_fkey"
            columns: ["user_a"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_user_b_fkey"
            columns: ["user_b"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      currencies: {
        Row: {
          code: string
          exponent: number
          minimum: number | null
        }
        Insert: {
          code: string
          exponent: number
          minimum?: number | null
        }
        Update: {
          code?: string
          exponent?: number
          minimum?: number | null
        }
        Relationships: []
      }
      direct_messages: {
        Row: {
          body: string
          conversation_id: string
          created_at: string
          event_message_id: string | null
          id: string
          read_at: string | null
          recipient_id: string
          sender_id: string
        }
        Insert: {
          body: string
          conversation_id: string
          created_at?: string
          event_message_id?: string | null
          id?: string
          read_at?: string | null
          recipient_id: string
          sender_id: string
        }
        Update: {
          body?: string
          conversation_id?: string
          created_at?: string
          event_message_id?: string | null
          id?: string
          read_at?: string | null
          recipient_id?: string
          sender_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "direct_messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "direct_messages_event_message_id_fkey"
            columns: ["event_message_id"]
            isOneToOne: false
            referencedRelation: "event_messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "direct_messages_recipient_id_fkey"
            columns: ["recipient_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "direct_messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      discussion_reactions: {
        Row: {
          created_at: string
          emoji: string
          group_id: string
          id: string
          reply_id: string | null
          thread_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          emoji: string
          group_id: string
          id?: string
          reply_id?: string | null
          thread_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          emoji?: string
          group_id?: string
          id?: string
          reply_id?: string | null
          thread_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "discussion_reactions_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "discussion_reactions_reply_id_fkey"
            columns: ["reply_id"]
            isOneToOne: false
            referencedRelation: "discussion_replies"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "discussion_reactions_thread_id_fkey"
            columns: ["thread_id"]
            isOneToOne: false
            referencedRelation: "discussion_threads"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "discussion_reactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      discussion_replies: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          edited_at: string | null
          group_id: string
          id: string
          thread_id: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          edited_at?: string | null
          group_id: string
          id?: string
          thread_id: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          edited_at?: string | null
          group_id?: string
          id?: string
          thread_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "discussion_replies_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "discussion_replies_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "discussion_replies_thread_id_fkey"
            columns: ["thread_id"]
            isOneToOne: false
            referencedRelation: "discussion_threads"
            referencedColumns: ["id"]
          },
        ]
      }
      discussion_threads: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          edited_at: string | null
          group_id: string
          id: string
          last_activity_at: string
          locked_at: string | null
          pinned_at: string | null
          reply_count: number
          title: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          edited_at?: string | null
          group_id: string
          id?: string
          last_activity_at?: string
          locked_at?: string | null
          pinned_at?: string | null
          reply_count?: number
          title: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          edited_at?: string | null
          group_id?: string
          id?: string
          last_activity_at?: string
          locked_at?: string | null
          pinned_at?: string | null
          reply_count?: number
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "discussion_threads_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "discussion_threads_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
        ]
      }
      event_album_photos: {
        Row: {
          caption: string | null
          created_at: string
          event_id: string
          height: number | null
          hidden_at: string | null
          id: string
          path: string
          uploader_id: string
          width: number | null
        }
        Insert: {
          caption?: string | null
          created_at?: string
          event_id: string
          height?: number | null
          hidden_at?: string | null
          id?: string
          path: string
          uploader_id?: string
          width?: number | null
        }
        Update: {
          caption?: string | null
          created_at?: string
          event_id?: string
          height?: number | null
          hidden_at?: string | null
          id?: string
          path?: string
          uploader_id?: string
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "event_album_photos_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_album_photos_uploader_id_fkey"
            columns: ["uploader_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      event_feedback: {
        Row: {
          comment: string | null
          created_at: string
          event_id: string
          rating: number
          updated_at: string
          user_id: string
        }
        Insert: {
          comment?: string | null
          created_at?: string
          event_id: string
          rating: number
          updated_at?: string
          user_id: string
        }
        Update: {
          comment?: string | null
          created_at?: string
          event_id?: string
          rating?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_feedback_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_feedback_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      event_hosts: {
        Row: {
          created_at: string
          event_id: string
          role: Database["public"]["Enums"]["host_role"]
          user_id: string
        }
        Insert: {
          created_at?: string
          event_id: string
          role: Database["public"]["Enums"]["host_role"]
          user_id: string
        }
        Update: {
          created_at?: string
          event_id?: string
          role?: Database["public"]["Enums"]["host_role"]
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_hosts_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_hosts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      event_invites: {
        Row: {
          created_at: string
          event_id: string
          invited_by: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          event_id: string
          invited_by?: string | null
          user_id: string
        }
        Update: {
          created_at?: string
          event_id?: string
          invited_by?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_invites_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_invites_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_invites_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      event_messages: {
        Row: {
          audience: string
          body: string
          created_at: string
          event_id: string
          id: string
          recipient_count: number
          sender_id: string | null
          subject: string
        }
        Insert: {
          audience: string
          body: string
          created_at?: string
          event_id: string
          id?: string
          recipient_count?: number
          sender_id?: string | null
          subject: string
        }
        Update: {
          audience?: string
          body?: string
          created_at?: string
          event_id?: string
          id?: string
          recipient_count?: number
          sender_id?: string | null
          subject?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_messages_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      event_online_links: {
        Row: {
          event_id: string
          updated_at: string
          url: string
        }
        Insert: {
          event_id: string
          updated_at?: string
          url: string
        }
        Update: {
          event_id?: string
          updated_at?: string
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_online_links_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: true
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      event_questions: {
        Row: {
          asked_per: string
          created_at: string
          event_id: string
          id: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          lineage_id: string | null
          options: string[] | null
          position: number
          required: boolean
          updated_at: string
        }
        Insert: {
          asked_per?: string
          created_at?: string
          event_id: string
          id?: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          lineage_id?: string | null
          options?: string[] | null
          position?: number
          required?: boolean
          updated_at?: string
        }
        Update: {
          asked_per?: string
          created_at?: string
          event_id?: string
          id?: string
          kind?: Database["public"]["Enums"]["question_kind"]
          label?: string
          lineage_id?: string | null
          options?: string[] | null
          position?: number
          required?: boolean
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_questions_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      event_series: {
        Row: {
          count: number | null
          created_at: string
          created_by: string | null
          dtstart: string
          duration: string
          first_event_id: string | null
          generated_count: number
          horizon: string
          host_id: string
          id: string
          parent_series_id: string | null
          rrule: string
          status: string
          timezone: string
          until_at: string | null
          updated_at: string
        }
        Insert: {
          count?: number | null
          created_at?: string
          created_by?: string | null
          dtstart: string
          duration: string
          first_event_id?: string | null
          generated_count?: number
          horizon?: string
          host_id: string
          id?: string
          parent_series_id?: string | null
          rrule: string
          status?: string
          timezone: string
          until_at?: string | null
          updated_at?: string
        }
        Update: {
          count?: number | null
          created_at?: string
          created_by?: string | null
          dtstart?: string
          duration?: string
          first_event_id?: string | null
          generated_count?: number
          horizon?: string
          host_id?: string
          id?: string
          parent_series_id?: string | null
          rrule?: string
          status?: string
          timezone?: string
          until_at?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_series_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_series_first_event_id_fkey"
            columns: ["first_event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_series_host_id_fkey"
            columns: ["host_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_series_parent_series_id_fkey"
            columns: ["parent_series_id"]
            isOneToOne: false
            referencedRelation: "event_series"
            referencedColumns: ["id"]
          },
        ]
      }
      event_stats: {
        Row: {
          checked_in_count: number
          event_id: string
          going_count: number
          guest_count: number
          pending_count: number
          spots_left: number | null
          ticket_count: number
          updated_at: string
          waitlist_count: number
        }
        Insert: {
          checked_in_count?: number
          event_id: string
          going_count?: number
          guest_count?: number
          pending_count?: number
          spots_left?: number | null
          ticket_count?: number
          updated_at?: string
          waitlist_count?: number
        }
        Update: {
          checked_in_count?: number
          event_id?: string
          going_count?: number
          guest_count?: number
          pending_count?: number
          spots_left?: number | null
          ticket_count?: number
          updated_at?: string
          waitlist_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "event_stats_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: true
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      event_walk_ins: {
        Row: {
          added_by: string | null
          created_at: string
          email: string | null
          event_id: string
          id: string
          name: string
        }
        Insert: {
          added_by?: string | null
          created_at?: string
          email?: string | null
          event_id: string
          id?: string
          name: string
        }
        Update: {
          added_by?: string | null
          created_at?: string
          email?: string | null
          event_id?: string
          id?: string
          name?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_walk_ins_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      events: {
        Row: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }
        Insert: {
          address?: string | null
          cancel_reason?: string | null
          cancelled_at?: string | null
          capacity?: number | null
          category?: Database["public"]["Enums"]["event_category"]
          cover_path?: string | null
          created_at?: string
          currency?: string
          description?: string
          ends_at: string
          group_id?: string | null
          hidden_at?: string | null
          host_id: string
          ics_sequence?: number
          id?: string
          is_online?: boolean
          lat?: number | null
          lng?: number | null
          plus_ones_max?: number
          published_at?: string | null
          refund_days_before?: number
          refund_policy?: Database["public"]["Enums"]["refund_policy"]
          requires_approval?: boolean
          rsvp_closes_at?: string | null
          search?: unknown
          series_id?: string | null
          series_position?: number | null
          slug: string
          starts_at: string
          status?: Database["public"]["Enums"]["event_status"]
          tags?: string[]
          ticket_offer_hours?: number
          timezone?: string
          title: string
          updated_at?: string
          venue_name?: string | null
          video_path?: string | null
          video_url?: string | null
          visibility?: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled?: boolean
        }
        Update: {
          address?: string | null
          cancel_reason?: string | null
          cancelled_at?: string | null
          capacity?: number | null
          category?: Database["public"]["Enums"]["event_category"]
          cover_path?: string | null
          created_at?: string
          currency?: string
          description?: string
          ends_at?: string
          group_id?: string | null
          hidden_at?: string | null
          host_id?: string
          ics_sequence?: number
          id?: string
          is_online?: boolean
          lat?: number | null
          lng?: number | null
          plus_ones_max?: number
          published_at?: string | null
          refund_days_before?: number
          refund_policy?: Database["public"]["Enums"]["refund_policy"]
          requires_approval?: boolean
          rsvp_closes_at?: string | null
          search?: unknown
          series_id?: string | null
          series_position?: number | null
          slug?: string
          starts_at?: string
          status?: Database["public"]["Enums"]["event_status"]
          tags?: string[]
          ticket_offer_hours?: number
          timezone?: string
          title?: string
          updated_at?: string
          venue_name?: string | null
          video_path?: string | null
          video_url?: string | null
          visibility?: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "events_currency_fkey"
            columns: ["currency"]
            isOneToOne: false
            referencedRelation: "currencies"
            referencedColumns: ["code"]
          },
          {
            foreignKeyName: "events_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_host_id_fkey"
            columns: ["host_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "events_series_id_fkey"
            columns: ["series_id"]
            isOneToOne: false
            referencedRelation: "event_series"
            referencedColumns: ["id"]
          },
        ]
      }
      follows: {
        Row: {
          created_at: string
          host_id: string | null
          kind: Database["public"]["Enums"]["follow_kind"]
          user_id: string
          value: string
        }
        Insert: {
          created_at?: string
          host_id?: string | null
          kind: Database["public"]["Enums"]["follow_kind"]
          user_id?: string
          value: string
        }
        Update: {
          created_at?: string
          host_id?: string | null
          kind?: Database["public"]["Enums"]["follow_kind"]
          user_id?: string
          value?: string
        }
        Relationships: [
          {
            foreignKeyName: "follows_host_id_fkey"
            columns: ["host_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "follows_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      group_announcements: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          group_id: string
          id: string
          recipient_count: number
          subject: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          group_id: string
          id?: string
          recipient_count?: number
          subject: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          group_id?: string
          id?: string
          recipient_count?: number
          subject?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_announcements_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "group_announcements_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
        ]
      }
      group_manager_stats: {
        Row: {
          banned_count: number
          group_id: string
          pending_count: number
          updated_at: string
        }
        Insert: {
          banned_count?: number
          group_id: string
          pending_count?: number
          updated_at?: string
        }
        Update: {
          banned_count?: number
          group_id?: string
          pending_count?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_manager_stats_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: true
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
        ]
      }
      group_members: {
        Row: {
          alerts: Database["public"]["Enums"]["group_alerts"]
          banned_at: string | null
          created_at: string
          group_id: string
          joined_at: string | null
          role: Database["public"]["Enums"]["group_role"]
          status: Database["public"]["Enums"]["group_member_status"]
          updated_at: string
          user_id: string
        }
        Insert: {
          alerts?: Database["public"]["Enums"]["group_alerts"]
          banned_at?: string | null
          created_at?: string
          group_id: string
          joined_at?: string | null
          role?: Database["public"]["Enums"]["group_role"]
          status: Database["public"]["Enums"]["group_member_status"]
          updated_at?: string
          user_id: string
        }
        Update: {
          alerts?: Database["public"]["Enums"]["group_alerts"]
          banned_at?: string | null
          created_at?: string
          group_id?: string
          joined_at?: string | null
          role?: Database["public"]["Enums"]["group_role"]
          status?: Database["public"]["Enums"]["group_member_status"]
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_members_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "group_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      group_stats: {
        Row: {
          group_id: string
          member_count: number
          updated_at: string
        }
        Insert: {
          group_id: string
          member_count?: number
          updated_at?: string
        }
        Update: {
          group_id?: string
          member_count?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "group_stats_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: true
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
        ]
      }
      groups: {
        Row: {
          about: string
          category: Database["public"]["Enums"]["event_category"]
          city: string
          cover_path: string | null
          created_at: string
          created_by: string | null
          hidden_at: string | null
          id: string
          join_policy: Database["public"]["Enums"]["group_join_policy"]
          lat: number
          lng: number
          logo_path: string | null
          name: string
          search: unknown
          slug: string
          tags: string[]
          updated_at: string
          visibility: Database["public"]["Enums"]["group_visibility"]
        }
        Insert: {
          about?: string
          category?: Database["public"]["Enums"]["event_category"]
          city: string
          cover_path?: string | null
          created_at?: string
          created_by?: string | null
          hidden_at?: string | null
          id?: string
          join_policy?: Database["public"]["Enums"]["group_join_policy"]
          lat: number
          lng: number
          logo_path?: string | null
          name: string
          search?: unknown
          slug: string
          tags?: string[]
          updated_at?: string
          visibility?: Database["public"]["Enums"]["group_visibility"]
        }
        Update: {
          about?: string
          category?: Database["public"]["Enums"]["event_category"]
          city?: string
          cover_path?: string | null
          created_at?: string
          created_by?: string | null
          hidden_at?: string | null
          id?: string
          join_policy?: Database["public"]["Enums"]["group_join_policy"]
          lat?: number
          lng?: number
          logo_path?: string | null
          name?: string
          search?: unknown
          slug?: string
          tags?: string[]
          updated_at?: string
          visibility?: Database["public"]["Enums"]["group_visibility"]
        }
        Relationships: [
          {
            foreignKeyName: "groups_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      hidden_items: {
        Row: {
          hidden_at: string
          hidden_by: string | null
          id: string
          reason: string | null
          restored_at: string | null
          restored_by: string | null
          target_id: string
          target_name: string
          target_slug: string | null
          target_type: string
        }
        Insert: {
          hidden_at?: string
          hidden_by?: string | null
          id?: string
          reason?: string | null
          restored_at?: string | null
          restored_by?: string | null
          target_id: string
          target_name: string
          target_slug?: string | null
          target_type: string
        }
        Update: {
          hidden_at?: string
          hidden_by?: string | null
          id?: string
          reason?: string | null
          restored_at?: string | null
          restored_by?: string | null
          target_id?: string
          target_name?: string
          target_slug?: string | null
          target_type?: string
        }
        Relationships: [
          {
            foreignKeyName: "hidden_items_hidden_by_fkey"
            columns: ["hidden_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "hidden_items_restored_by_fkey"
            columns: ["restored_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      invitations: {
        Row: {
          answered_at: string | null
          created_at: string
          email: string | null
          email_status: string | null
          emailed_at: string | null
          event_id: string | null
          group_id: string | null
          id: string
          invited_by: string | null
          link_id: string | null
          locale: string | null
          opened_at: string | null
          response: string | null
          user_id: string | null
          via: string
        }
        Insert: {
          answered_at?: string | null
          created_at?: string
          email?: string | null
          email_status?: string | null
          emailed_at?: string | null
          event_id?: string | null
          group_id?: string | null
          id?: string
          invited_by?: string | null
          link_id?: string | null
          locale?: string | null
          opened_at?: string | null
          response?: string | null
          user_id?: string | null
          via: string
        }
        Update: {
          answered_at?: string | null
          created_at?: string
          email?: string | null
          email_status?: string | null
          emailed_at?: string | null
          event_id?: string | null
          group_id?: string | null
          id?: string
          invited_by?: string | null
          link_id?: string | null
          locale?: string | null
          opened_at?: string | null
          response?: string | null
          user_id?: string | null
          via?: string
        }
        Relationships: [
          {
            foreignKeyName: "invitations_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_link_fkey"
            columns: ["link_id"]
            isOneToOne: false
            referencedRelation: "invite_links"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      invite_links: {
        Row: {
          created_at: string
          created_by: string | null
          event_id: string | null
          expires_at: string | null
          group_id: string | null
          id: string
          max_uses: number | null
          revoked_at: string | null
          token: string
          use_count: number
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          event_id?: string | null
          expires_at?: string | null
          group_id?: string | null
          id?: string
          max_uses?: number | null
          revoked_at?: string | null
          token?: string
          use_count?: number
        }
        Update: {
          created_at?: string
          created_by?: string | null
          event_id?: string | null
          expires_at?: string | null
          group_id?: string | null
          id?: string
          max_uses?: number | null
          revoked_at?: string | null
          token?: string
          use_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "invite_links_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invite_links_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invite_links_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: false
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
        ]
      }
      member_blocks: {
        Row: {
          blocked_id: string
          blocker_id: string
          created_at: string
        }
        Insert: {
          blocked_id: string
          blocker_id?: string
          created_at?: string
        }
        Update: {
          blocked_id?: string
          blocker_id?: string
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "member_blocks_blocked_id_fkey"
            columns: ["blocked_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "member_blocks_blocker_id_fkey"
            columns: ["blocker_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      moderation_log: {
        Row: {
          action: string
          actor_id: string | null
          created_at: string
          details: Json
          id: string
          target_id: string
          target_type: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          created_at?: string
          details?: Json
          id?: string
          target_id: string
          target_type: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          created_at?: string
          details?: Json
          id?: string
          target_id?: string
          target_type?: string
        }
        Relationships: [
          {
            foreignKeyName: "moderation_log_actor_id_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_kind_preferences: {
        Row: {
          channel: string
          delivery: string
          kind: string
          updated_at: string
          user_id: string
        }
        Insert: {
          channel: string
          delivery: string
          kind: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          channel?: string
          delivery?: string
          kind?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_kind_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_preferences: {
        Row: {
          digest_timezone: string
          email_host_messages: boolean
          email_reminders: boolean
          email_rsvp_requests: boolean
          email_rsvp_updates: boolean
          push_group_events: boolean
          push_host_messages: boolean
          push_reminders: boolean
          push_rsvp_updates: boolean
          updated_at: string
          user_id: string
          weekly_picks: boolean
        }
        Insert: {
          digest_timezone?: string
          email_host_messages?: boolean
          email_reminders?: boolean
          email_rsvp_requests?: boolean
          email_rsvp_updates?: boolean
          push_group_events?: boolean
          push_host_messages?: boolean
          push_reminders?: boolean
          push_rsvp_updates?: boolean
          updated_at?: string
          user_id: string
          weekly_picks?: boolean
        }
        Update: {
          digest_timezone?: string
          email_host_messages?: boolean
          email_reminders?: boolean
          email_rsvp_requests?: boolean
          email_rsvp_updates?: boolean
          push_group_events?: boolean
          push_host_messages?: boolean
          push_reminders?: boolean
          push_rsvp_updates?: boolean
          updated_at?: string
          user_id?: string
          weekly_picks?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          created_at: string
          email_after: string | null
          email_batch: string | null
          email_status: string | null
          emailed_at: string | null
          id: string
          in_app: boolean
          kind: string
          payload: Json
          push_status: string | null
          pushed_at: string | null
          read_at: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          email_after?: string | null
          email_batch?: string | null
          email_status?: string | null
          emailed_at?: string | null
          id?: string
          in_app?: boolean
          kind: string
          payload?: Json
          push_status?: string | null
          pushed_at?: string | null
          read_at?: string | null
          user_id: string
        }
        Update: {
          created_at?: string
          email_after?: string | null
          email_batch?: string | null
          email_status?: string | null
          emailed_at?: string | null
          id?: string
          in_app?: boolean
          kind?: string
          payload?: Json
          push_status?: string | null
          pushed_at?: string | null
          read_at?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      order_answers: {
        Row: {
          created_at: string
          event_id: string
          id: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          order_id: string
          position: number
          question_id: string | null
          ticket_id: string | null
          value: Json
        }
        Insert: {
          created_at?: string
          event_id: string
          id?: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          order_id: string
          position: number
          question_id?: string | null
          ticket_id?: string | null
          value: Json
        }
        Update: {
          created_at?: string
          event_id?: string
          id?: string
          kind?: Database["public"]["Enums"]["question_kind"]
          label?: string
          order_id?: string
          position?: number
          question_id?: string | null
          ticket_id?: string | null
          value?: Json
        }
        Relationships: [
          {
            foreignKeyName: "order_answers_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_answers_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_answers_question_id_fkey"
            columns: ["question_id"]
            isOneToOne: false
            referencedRelation: "event_questions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_answers_ticket_id_fkey"
            columns: ["ticket_id"]
            isOneToOne: false
            referencedRelation: "tickets"
            referencedColumns: ["id"]
          },
        ]
      }
      order_items: {
        Row: {
          amount_total: number
          id: string
          name: string
          order_id: string
          quantity: number
          ticket_type_id: string
          unit_amount: number
          unit_discount: number
          unit_price: number
        }
        Insert: {
          amount_total: number
          id?: string
          name: string
          order_id: string
          quantity: number
          ticket_type_id: string
          unit_amount: number
          unit_discount?: number
          unit_price: number
        }
        Update: {
          amount_total?: number
          id?: string
          name?: string
          order_id?: string
          quantity?: number
          ticket_type_id?: string
          unit_amount?: number
          unit_discount?: number
          unit_price?: number
        }
        Relationships: [
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_ticket_type_id_fkey"
            columns: ["ticket_type_id"]
            isOneToOne: false
            referencedRelation: "ticket_types"
            referencedColumns: ["id"]
          },
        ]
      }
      order_payments: {
        Row: {
          checkout_session_id: string | null
          checkout_url: string | null
          created_at: string
          destination_account_id: string | null
          order_id: string
          payment_intent_id: string | null
          session_status: string | null
          updated_at: string
        }
        Insert: {
          checkout_session_id?: string | null
          checkout_url?: string | null
          created_at?: string
          destination_account_id?: string | null
          order_id: string
          payment_intent_id?: string | null
          session_status?: string | null
          updated_at?: string
        }
        Update: {
          checkout_session_id?: string | null
          checkout_url?: string | null
          created_at?: string
          destination_account_id?: string | null
          order_id?: string
          payment_intent_id?: string | null
          session_status?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_payments_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: true
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      order_refunds: {
        Row: {
          amount: number
          attempts: number
          created_at: string
          id: string
          order_id: string
          reason: Database["public"]["Enums"]["refund_reason"]
          requested_by: string | null
          status: Database["public"]["Enums"]["refund_status"]
          ticket_ids: string[]
          updated_at: string
        }
        Insert: {
          amount: number
          attempts?: number
          created_at?: string
          id?: string
          order_id: string
          reason: Database["public"]["Enums"]["refund_reason"]
          requested_by?: string | null
          status?: Database["public"]["Enums"]["refund_status"]
          ticket_ids?: string[]
          updated_at?: string
        }
        Update: {
          amount?: number
          attempts?: number
          created_at?: string
          id?: string
          order_id?: string
          reason?: Database["public"]["Enums"]["refund_reason"]
          requested_by?: string | null
          status?: Database["public"]["Enums"]["refund_status"]
          ticket_ids?: string[]
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "order_refunds_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_refunds_requested_by_fkey"
            columns: ["requested_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          amount_discount: number
          amount_fee: number
          amount_refunded: number
          amount_subtotal: number
          amount_total: number
          buyer_id: string | null
          closed_at: string | null
          created_at: string
          currency: string
          event_id: string
          expires_at: string | null
          id: string
          paid_at: string | null
          promo_code: string | null
          promo_code_id: string | null
          status: Database["public"]["Enums"]["order_status"]
          updated_at: string
          waitlist_entry_id: string | null
        }
        Insert: {
          amount_discount?: number
          amount_fee?: number
          amount_refunded?: number
          amount_subtotal?: number
          amount_total?: number
          buyer_id?: string | null
          closed_at?: string | null
          created_at?: string
          currency: string
          event_id: string
          expires_at?: string | null
          id?: string
          paid_at?: string | null
          promo_code?: string | null
          promo_code_id?: string | null
          status?: Database["public"]["Enums"]["order_status"]
          updated_at?: string
          waitlist_entry_id?: string | null
        }
        Update: {
          amount_discount?: number
          amount_fee?: number
          amount_refunded?: number
          amount_subtotal?: number
          amount_total?: number
          buyer_id?: string | null
          closed_at?: string | null
          created_at?: string
          currency?: string
          event_id?: string
          expires_at?: string | null
          id?: string
          paid_at?: string | null
          promo_code?: string | null
          promo_code_id?: string | null
          status?: Database["public"]["Enums"]["order_status"]
          updated_at?: string
          waitlist_entry_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "orders_buyer_id_fkey"
            columns: ["buyer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_currency_fkey"
            columns: ["currency"]
            isOneToOne: false
            referencedRelation: "currencies"
            referencedColumns: ["code"]
          },
          {
            foreignKeyName: "orders_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_promo_code_id_fkey"
            columns: ["promo_code_id"]
            isOneToOne: false
            referencedRelation: "promo_codes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "orders_waitlist_entry_fkey"
            columns: ["waitlist_entry_id"]
            isOneToOne: false
            referencedRelation: "ticket_waitlist"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_accounts: {
        Row: {
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          group_id: string | null
          id: string
          payouts_enabled: boolean
          stripe_account_id: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          charges_enabled?: boolean
          created_at?: string
          details_submitted?: boolean
          group_id?: string | null
          id?: string
          payouts_enabled?: boolean
          stripe_account_id: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          charges_enabled?: boolean
          created_at?: string
          details_submitted?: boolean
          group_id?: string | null
          id?: string
          payouts_enabled?: boolean
          stripe_account_id?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payment_accounts_group_id_fkey"
            columns: ["group_id"]
            isOneToOne: true
            referencedRelation: "groups"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payment_accounts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      payment_settings: {
        Row: {
          connect_enabled: boolean
          default_currency: string
          hold_minutes: number
          id: boolean
          platform_fee_bps: number
          updated_at: string
        }
        Insert: {
          connect_enabled?: boolean
          default_currency?: string
          hold_minutes?: number
          id?: boolean
          platform_fee_bps?: number
          updated_at?: string
        }
        Update: {
          connect_enabled?: boolean
          default_currency?: string
          hold_minutes?: number
          id?: boolean
          platform_fee_bps?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payment_settings_default_currency_fkey"
            columns: ["default_currency"]
            isOneToOne: false
            referencedRelation: "currencies"
            referencedColumns: ["code"]
          },
        ]
      }
      profile_private: {
        Row: {
          home_lat: number | null
          home_lng: number | null
          id: string
          messages_from_anyone: boolean
          suspended_at: string | null
          updated_at: string
        }
        Insert: {
          home_lat?: number | null
          home_lng?: number | null
          id: string
          messages_from_anyone?: boolean
          suspended_at?: string | null
          updated_at?: string
        }
        Update: {
          home_lat?: number | null
          home_lng?: number | null
          id?: string
          messages_from_anyone?: boolean
          suspended_at?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "profile_private_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          bio: string
          created_at: string
          display_name: string
          home_city: string | null
          id: string
          locale: string | null
          updated_at: string
          username: string
        }
        Insert: {
          avatar_path?: string | null
          bio?: string
          created_at?: string
          display_name: string
          home_city?: string | null
          id: string
          locale?: string | null
          updated_at?: string
          username: string
        }
        Update: {
          avatar_path?: string | null
          bio?: string
          created_at?: string
          display_name?: string
          home_city?: string | null
          id?: string
          locale?: string | null
          updated_at?: string
          username?: string
        }
        Relationships: []
      }
      promo_codes: {
        Row: {
          amount_off: number | null
          code: string
          created_at: string
          event_id: string
          expires_at: string | null
          id: string
          max_uses: number | null
          percent_off: number | null
          ticket_type_ids: string[] | null
          updated_at: string
          used_count: number
        }
        Insert: {
          amount_off?: number | null
          code: string
          created_at?: string
          event_id: string
          expires_at?: string | null
          id?: string
          max_uses?: number | null
          percent_off?: number | null
          ticket_type_ids?: string[] | null
          updated_at?: string
          used_count?: number
        }
        Update: {
          amount_off?: number | null
          code?: string
          created_at?: string
          event_id?: string
          expires_at?: string | null
          id?: string
          max_uses?: number | null
          percent_off?: number | null
          ticket_type_ids?: string[] | null
          updated_at?: string
          used_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "promo_codes_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          last_used_at: string | null
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          id?: string
          last_used_at?: string | null
          p256dh: string
          user_agent?: string | null
          user_id?: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          id?: string
          last_used_at?: string | null
          p256dh?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reports: {
        Row: {
          created_at: string
          id: string
          reason: string
          reporter_id: string
          resolved_at: string | null
          resolved_by: string | null
          status: Database["public"]["Enums"]["report_status"]
          target_id: string
          target_type: Database["public"]["Enums"]["report_target"]
        }
        Insert: {
          created_at?: string
          id?: string
          reason: string
          reporter_id: string
          resolved_at?: string | null
          resolved_by?: string | null
          status?: Database["public"]["Enums"]["report_status"]
          target_id: string
          target_type: Database["public"]["Enums"]["report_target"]
        }
        Update: {
          created_at?: string
          id?: string
          reason?: string
          reporter_id?: string
          resolved_at?: string | null
          resolved_by?: string | null
          status?: Database["public"]["Enums"]["report_status"]
          target_id?: string
          target_type?: Database["public"]["Enums"]["report_target"]
        }
        Relationships: [
          {
            foreignKeyName: "reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reports_resolved_by_fkey"
            columns: ["resolved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      rsvp_answers: {
        Row: {
          created_at: string
          event_id: string
          id: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          position: number
          question_id: string | null
          updated_at: string
          user_id: string
          value: Json
        }
        Insert: {
          created_at?: string
          event_id: string
          id?: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          position: number
          question_id?: string | null
          updated_at?: string
          user_id: string
          value: Json
        }
        Update: {
          created_at?: string
          event_id?: string
          id?: string
          kind?: Database["public"]["Enums"]["question_kind"]
          label?: string
          position?: number
          question_id?: string | null
          updated_at?: string
          user_id?: string
          value?: Json
        }
        Relationships: [
          {
            foreignKeyName: "rsvp_answers_event_id_user_id_fkey"
            columns: ["event_id", "user_id"]
            isOneToOne: false
            referencedRelation: "rsvps"
            referencedColumns: ["event_id", "user_id"]
          },
          {
            foreignKeyName: "rsvp_answers_question_id_fkey"
            columns: ["question_id"]
            isOneToOne: false
            referencedRelation: "event_questions"
            referencedColumns: ["id"]
          },
        ]
      }
      rsvps: {
        Row: {
          checked_in_at: string | null
          created_at: string
          event_id: string
          guests: number
          id: string
          status: Database["public"]["Enums"]["rsvp_status"]
          updated_at: string
          user_id: string
          waitlist_position: number | null
        }
        Insert: {
          checked_in_at?: string | null
          created_at?: string
          event_id: string
          guests?: number
          id?: string
          status: Database["public"]["Enums"]["rsvp_status"]
          updated_at?: string
          user_id: string
          waitlist_position?: number | null
        }
        Update: {
          checked_in_at?: string | null
          created_at?: string
          event_id?: string
          guests?: number
          id?: string
          status?: Database["public"]["Enums"]["rsvp_status"]
          updated_at?: string
          user_id?: string
          waitlist_position?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "rsvps_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "rsvps_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      ticket_types: {
        Row: {
          access_code: string | null
          created_at: string
          description: string
          event_id: string
          held_count: number
          hidden: boolean
          id: string
          max_per_order: number
          min_per_order: number
          name: string
          price: number
          quantity: number | null
          sales_end_at: string | null
          sales_start_at: string | null
          sold_count: number
          sort_order: number
          updated_at: string
        }
        Insert: {
          access_code?: string | null
          created_at?: string
          description?: string
          event_id: string
          held_count?: number
          hidden?: boolean
          id?: string
          max_per_order?: number
          min_per_order?: number
          name: string
          price?: number
          quantity?: number | null
          sales_end_at?: string | null
          sales_start_at?: string | null
          sold_count?: number
          sort_order?: number
          updated_at?: string
        }
        Update: {
          access_code?: string | null
          created_at?: string
          description?: string
          event_id?: string
          held_count?: number
          hidden?: boolean
          id?: string
          max_per_order?: number
          min_per_order?: number
          name?: string
          price?: number
          quantity?: number | null
          sales_end_at?: string | null
          sales_start_at?: string | null
          sold_count?: number
          sort_order?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "ticket_types_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      ticket_waitlist: {
        Row: {
          created_at: string
          event_id: string
          id: string
          offer_expires_at: string | null
          offered_at: string | null
          position: number
          quantity: number
          status: Database["public"]["Enums"]["ticket_waitlist_status"]
          ticket_type_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          event_id: string
          id?: string
          offer_expires_at?: string | null
          offered_at?: string | null
          position: number
          quantity?: number
          status?: Database["public"]["Enums"]["ticket_waitlist_status"]
          ticket_type_id: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          event_id?: string
          id?: string
          offer_expires_at?: string | null
          offered_at?: string | null
          position?: number
          quantity?: number
          status?: Database["public"]["Enums"]["ticket_waitlist_status"]
          ticket_type_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "ticket_waitlist_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ticket_waitlist_ticket_type_id_fkey"
            columns: ["ticket_type_id"]
            isOneToOne: false
            referencedRelation: "ticket_types"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ticket_waitlist_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      tickets: {
        Row: {
          amount: number
          checked_in_at: string | null
          created_at: string
          event_id: string
          held_until: string | null
          holder_name: string
          id: string
          order_id: string
          order_item_id: string
          position: number
          status: Database["public"]["Enums"]["ticket_status"]
          ticket_type_id: string
          updated_at: string
        }
        Insert: {
          amount: number
          checked_in_at?: string | null
          created_at?: string
          event_id: string
          held_until?: string | null
          holder_name?: string
          id?: string
          order_id: string
          order_item_id: string
          position: number
          status?: Database["public"]["Enums"]["ticket_status"]
          ticket_type_id: string
          updated_at?: string
        }
        Update: {
          amount?: number
          checked_in_at?: string | null
          created_at?: string
          event_id?: string
          held_until?: string | null
          holder_name?: string
          id?: string
          order_id?: string
          order_item_id?: string
          position?: number
          status?: Database["public"]["Enums"]["ticket_status"]
          ticket_type_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "tickets_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tickets_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tickets_order_item_id_fkey"
            columns: ["order_item_id"]
            isOneToOne: false
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tickets_ticket_type_id_fkey"
            columns: ["ticket_type_id"]
            isOneToOne: false
            referencedRelation: "ticket_types"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_invitation: {
        Args: { answer?: string; token: string }
        Returns: Json
      }
      add_event_host: {
        Args: { event_id: string; role: string; username: string }
        Returns: undefined
      }
      add_walk_in: {
        Args: { email?: string; event_id: string; name: string }
        Returns: {
          added_by: string | null
          created_at: string
          email: string | null
          event_id: string
          id: string
          name: string
        }
        SetofOptions: {
          from: "*"
          to: "event_walk_ins"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      answer_feedback: {
        Args: { comment?: string; event_id: string; rating: number }
        Returns: undefined
      }
      appeal_hidden_item: {
        Args: { hidden_item_id: string; message: string }
        Returns: string
      }
      apply_questions_to_following: {
        Args: { event_id: string }
        Returns: Json
      }
      apply_refund: {
        Args: { refund_id: string; status: string; stripe_refund_id: string }
        Returns: Json
      }
      attach_checkout_session: {
        Args: {
          destination?: string
          order_id: string
          session_id: string
          url: string
        }
        Returns: undefined
      }
      ban_group_member: {
        Args: {
          banned: boolean
          group_id: string
          reason?: string
          user_id: string
        }
        Returns: undefined
      }
      calendar_group_events: {
        Args: { group_slug: string }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      calendar_personal_events: { Args: { feed_token: string }; Returns: Json }
      calendar_search_events: {
        Args: {
          search_category?: Database["public"]["Enums"]["event_category"]
          search_km?: number
          search_lat?: number
          search_lng?: number
          search_online?: boolean
          search_query?: string
        }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      can_message: { Args: { recipient_id: string }; Returns: boolean }
      cancel_checkout: { Args: { order_id: string }; Returns: Json }
      cancel_rsvp: { Args: { event_id: string }; Returns: Json }
      cancel_series: {
        Args: { reason?: string; series_id: string }
        Returns: Json
      }
      check_in: { Args: { event_id: string; user_id: string }; Returns: Json }
      check_in_order_ticket: { Args: { ticket_id: string }; Returns: Json }
      check_in_ticket: { Args: { code: string }; Returns: Json }
      check_promo_code: {
        Args: { code: string; event_id: string }
        Returns: Json
      }
      claim_notification_push: {
        Args: { notification_id: string }
        Returns: Json
      }
      claim_refunds: {
        Args: { max_count?: number; refund_ids?: string[] }
        Returns: Json
      }
      close_checkout: {
        Args: { failed?: boolean; order_id: string; session_id: string }
        Returns: Json
      }
      complete_checkout: {
        Args: {
          amount_total: number
          currency: string
          order_id: string
          payment_intent: string
          payment_status: string
          session_id: string
        }
        Returns: Json
      }
      create_due_feedback_requests: { Args: never; Returns: number }
      create_due_reminders: { Args: never; Returns: Json }
      create_invite_link: {
        Args: {
          event_id?: string
          expires_at?: string
          group_id?: string
          max_uses?: number
        }
        Returns: Json
      }
      create_series: {
        Args: { event_id: string; rrule: string }
        Returns: Json
      }
      decide_appeal: {
        Args: { accept: boolean; appeal_id: string; response?: string }
        Returns: undefined
      }
      decide_group_member: {
        Args: { approve: boolean; group_id: string; user_id: string }
        Returns: string
      }
      decide_rsvp: {
        Args: { approve: boolean; event_id: string; user_id: string }
        Returns: Json
      }
      delete_group: { Args: { group_id: string }; Returns: undefined }
      delete_my_account: { Args: never; Returns: undefined }
      discover_event_series: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          near_lat?: number
          near_lng?: number
          online_only?: boolean
          query?: string
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      discover_events: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          near_lat?: number
          near_lng?: number
          online_only?: boolean
          query?: string
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      event_feedback_results: { Args: { event_id: string }; Returns: Json }
      event_group_gate: { Args: { event_slug: string }; Returns: Json }
      event_guest_emails: {
        Args: { event_id: string }
        Returns: {
          email: string
          user_id: string
        }[]
      }
      event_payment_status: { Args: { event_id: string }; Returns: Json }
      events_near: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          lat: number
          lng: number
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      extend_series_horizons: { Args: { at?: string }; Returns: number }
      group_alerts_link: { Args: { token: string }; Returns: Json }
      hide_album_photo: {
        Args: { hidden: boolean; photo_id: string }
        Returns: undefined
      }
      hide_content: {
        Args: {
          hidden: boolean
          reason?: string
          target_id: string
          target_type: string
        }
        Returns: undefined
      }
      host_message_for_reply: {
        Args: { message_id: string }
        Returns: {
          body: string
          event_title: string
          sender_id: string
          sender_name: string
          subject: string
        }[]
      }
      invitation_details: { Args: { token: string }; Returns: Json }
      invitation_email: { Args: { invitation_id: string }; Returns: Json }
      invite_to_event: {
        Args: { emails: string; event_id: string; locale?: string }
        Returns: Json
      }
      invite_to_group: {
        Args: { emails: string; group_id: string; locale?: string }
        Returns: Json
      }
      join_group: { Args: { group_id: string }; Returns: string }
      join_ticket_waitlist: {
        Args: { quantity?: number; ticket_type_id: string }
        Returns: Json
      }
      leave_group: { Args: { group_id: string }; Returns: undefined }
      leave_ticket_waitlist: { Args: { event_id: string }; Returns: Json }
      mark_conversation_read: {
        Args: { conversation_id: string }
        Returns: number
      }
      mark_invitation_emailed: {
        Args: { invitation_id: string; status: string }
        Returns: boolean
      }
      mark_notification_emailed: {
        Args: { notification_id: string; status: string }
        Returns: boolean
      }
      mark_notification_pushed: {
        Args: { notification_id: string; status: string }
        Returns: boolean
      }
      mark_notifications_emailed: {
        Args: { ids: string[]; status: string }
        Returns: number
      }
      mark_notifications_read: { Args: { ids?: string[] }; Returns: number }
      mark_session_closed: {
        Args: { order_id: string; session_status: string }
        Returns: undefined
      }
      message_attendees: {
        Args: {
          audience: string
          body: string
          event_id: string
          subject: string
        }
        Returns: number
      }
      more_dates: {
        Args: { e: Database["public"]["Tables"]["events"]["Row"] }
        Returns: number
      }
      my_calendar_token: { Args: never; Returns: string }
      my_conversations: {
        Args: never
        Returns: {
          id: string
          last_body: string
          last_message_at: string
          last_sender_id: string
          other_avatar_path: string
          other_display_name: string
          other_id: string
          other_username: string
          unread: number
        }[]
      }
      my_event_role: { Args: { event_id: string }; Returns: string }
      my_rsvp: { Args: { event_id: string }; Returns: Json }
      my_ticket: { Args: { rsvp_id: string }; Returns: Json }
      notification_batch: { Args: { notification_id: string }; Returns: Json }
      notification_email: { Args: { notification_id: string }; Returns: Json }
      order_details: { Args: { order_id: string }; Returns: Json }
      order_for_payment: { Args: { order_id: string }; Returns: Json }
      payment_account_owner: { Args: { group_id?: string }; Returns: Json }
      post_group_announcement: {
        Args: { body: string; group_id: string; subject: string }
        Returns: number
      }
      price_from: {
        Args: { e: Database["public"]["Tables"]["events"]["Row"] }
        Returns: number
      }
      recommend_events: {
        Args: { lang?: string; max?: number }
        Returns: {
          id: string
          reason: string
          score: number
          signal: string
          slug: string
          starts_at: string
          title: string
        }[]
      }
      record_charge_refunds: {
        Args: { amount_refunded: number; payment_intent: string; refunds: Json }
        Returns: Json
      }
      record_stripe_event: {
        Args: { event_id: string; event_type: string; outcome: string }
        Returns: boolean
      }
      regenerate_calendar_token: { Args: never; Returns: string }
      remove_event_host: {
        Args: { event_id: string; user_id: string }
        Returns: undefined
      }
      remove_group_member: {
        Args: { group_id: string; user_id: string }
        Returns: undefined
      }
      remove_walk_in: { Args: { walk_in_id: string }; Returns: undefined }
      reorder_event_questions: {
        Args: { event_id: string; question_ids: string[] }
        Returns: {
          asked_per: string
          created_at: string
          event_id: string
          id: string
          kind: Database["public"]["Enums"]["question_kind"]
          label: string
          lineage_id: string | null
          options: string[] | null
          position: number
          required: boolean
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "event_questions"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      report_direct_message: {
        Args: { message_id: string; reason: string }
        Returns: string
      }
      report_queue: {
        Args: never
        Returns: {
          author_display_name: string
          author_id: string
          author_suspended: boolean
          author_username: string
          comment_body: string
          event_id: string
          event_slug: string
          event_title: string
          first_reported_at: string
          group_id: string
          group_name: string
          group_slug: string
          hidden: boolean
          hidden_at: string
          last_reported_at: string
          reasons: string[]
          report_count: number
          report_id: string
          report_ids: string[]
          reporters: string[]
          target_id: string
          target_missing: boolean
          target_type: Database["public"]["Enums"]["report_target"]
        }[]
      }
      request_refund: {
        Args: { amount?: number; order_id: string; ticket_ids?: string[] }
        Returns: Json
      }
      resolve_report: {
        Args: { report_id: string; status: string }
        Returns: undefined
      }
      revoke_invite_link: { Args: { link_id: string }; Returns: undefined }
      rsvp: {
        Args: { answers?: Json; event_id: string; guests?: number }
        Returns: Json
      }
      save_payment_account: {
        Args: {
          owner_group: string
          owner_user: string
          stripe_account_id: string
        }
        Returns: {
          charges_enabled: boolean
          created_at: string
          details_submitted: boolean
          group_id: string | null
          id: string
          payouts_enabled: boolean
          stripe_account_id: string
          updated_at: string
          user_id: string | null
        }
        SetofOptions: {
          from: "*"
          to: "payment_accounts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_push_subscription: {
        Args: {
          auth: string
          endpoint: string
          p256dh: string
          user_agent?: string
        }
        Returns: string
      }
      save_rsvp_answers: {
        Args: { answers: Json; event_id: string }
        Returns: Json
      }
      search_event_series: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          near_lat?: number
          near_lng?: number
          online_only?: boolean
          query?: string
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_event_series_count: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          near_lat?: number
          near_lng?: number
          online_only?: boolean
          query?: string
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          total: number
        }[]
      }
      search_events: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          near_lat?: number
          near_lng?: number
          online_only?: boolean
          query?: string
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          address: string | null
          cancel_reason: string | null
          cancelled_at: string | null
          capacity: number | null
          category: Database["public"]["Enums"]["event_category"]
          cover_path: string | null
          created_at: string
          currency: string
          description: string
          ends_at: string
          group_id: string | null
          hidden_at: string | null
          host_id: string
          ics_sequence: number
          id: string
          is_online: boolean
          lat: number | null
          lng: number | null
          plus_ones_max: number
          published_at: string | null
          refund_days_before: number
          refund_policy: Database["public"]["Enums"]["refund_policy"]
          requires_approval: boolean
          rsvp_closes_at: string | null
          search: unknown
          series_id: string | null
          series_position: number | null
          slug: string
          starts_at: string
          status: Database["public"]["Enums"]["event_status"]
          tags: string[]
          ticket_offer_hours: number
          timezone: string
          title: string
          updated_at: string
          venue_name: string | null
          video_path: string | null
          video_url: string | null
          visibility: Database["public"]["Enums"]["event_visibility"]
          waitlist_enabled: boolean
        }[]
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      search_events_count: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          in_my_groups?: boolean
          near_lat?: number
          near_lng?: number
          online_only?: boolean
          query?: string
          radius_km?: number
          starts_after?: string
          starts_before?: string
        }
        Returns: {
          total: number
        }[]
      }
      search_groups: {
        Args: {
          category?: Database["public"]["Enums"]["event_category"]
          near_lat?: number
          near_lng?: number
          only_mine?: boolean
          query?: string
          radius_km?: number
        }
        Returns: {
          category: Database["public"]["Enums"]["event_category"]
          city: string
          cover_path: string
          distance_km: number
          id: string
          join_policy: Database["public"]["Enums"]["group_join_policy"]
          lat: number
          lng: number
          logo_path: string
          member_count: number
          my_role: Database["public"]["Enums"]["group_role"]
          my_status: Database["public"]["Enums"]["group_member_status"]
          name: string
          next_event_id: string
          next_event_slug: string
          next_event_starts_at: string
          next_event_timezone: string
          next_event_title: string
          slug: string
          visibility: Database["public"]["Enums"]["group_visibility"]
        }[]
      }
      send_direct_message: {
        Args: { body: string; event_message_id?: string; recipient_id: string }
        Returns: string
      }
      set_group_member_role: {
        Args: { group_id: string; role: string; user_id: string }
        Returns: undefined
      }
      start_checkout: {
        Args: {
          access_code?: string
          answers?: Json
          event_id: string
          items: Json
          promo_code?: string
          ticket_answers?: Json
        }
        Returns: Json
      }
      stripe_event_seen: { Args: { event_id: string }; Returns: boolean }
      suspend_user: {
        Args: { reason?: string; suspended: boolean; user_id: string }
        Returns: undefined
      }
      sweep_payments: { Args: never; Returns: Json }
      tickets_sold_out: {
        Args: { e: Database["public"]["Tables"]["events"]["Row"] }
        Returns: boolean
      }
      transfer_group: {
        Args: { group_id: string; user_id: string }
        Returns: undefined
      }
      unavailable_event: { Args: { event_slug: string }; Returns: Json }
      unavailable_group: { Args: { group_slug: string }; Returns: Json }
      undo_check_in: {
        Args: { event_id: string; user_id: string }
        Returns: Json
      }
      undo_ticket_check_in: { Args: { ticket_id: string }; Returns: Json }
      unlock_ticket_types: {
        Args: { access_code: string; event_id: string }
        Returns: {
          access_code: string | null
          created_at: string
          description: string
          event_id: string
          held_count: number
          hidden: boolean
          id: string
          max_per_order: number
          min_per_order: number
          name: string
          price: number
          quantity: number | null
          sales_end_at: string | null
          sales_start_at: string | null
          sold_count: number
          sort_order: number
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "ticket_types"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      unsubscribe_group_alerts: { Args: { token: string }; Returns: Json }
      update_payment_account: {
        Args: {
          charges_enabled: boolean
          details_submitted: boolean
          payouts_enabled: boolean
          stripe_account_id: string
        }
        Returns: boolean
      }
      update_series_from: {
        Args: { changes: Json; event_id: string }
        Returns: Json
      }
      wallet_ticket: { Args: { code: string }; Returns: Json }
    }
    Enums: {
      event_category:
        | "arts"
        | "books"
        | "career"
        | "community"
        | "food"
        | "games"
        | "health"
        | "music"
        | "outdoors"
        | "tech"
        | "other"
      event_status: "draft" | "published" | "cancelled"
      event_visibility: "public" | "unlisted" | "private" | "members"
      follow_kind: "category" | "topic" | "host"
      group_alerts: "all" | "none"
      group_join_policy: "open" | "approval"
      group_member_status: "active" | "pending" | "banned"
      group_role: "organizer" | "co_organizer" | "event_organizer" | "member"
      group_visibility: "public" | "private"
      host_role: "host" | "cohost" | "checker"
      order_status:
        | "pending"
        | "processing"
        | "paid"
        | "expired"
        | "cancelled"
        | "failed"
        | "refunded"
        | "partially_refunded"
      question_kind:
        | "short_text"
        | "long_text"
        | "single_choice"
        | "multiple_choice"
        | "checkbox"
        | "number"
        | "phone"
      refund_policy: "none" | "until"
      refund_reason:
        | "requested_by_buyer"
        | "by_host"
        | "event_cancelled"
        | "sold_out"
        | "outside_gather"
      refund_status:
        | "requested"
        | "pending"
        | "succeeded"
        | "failed"
        | "canceled"
      report_status: "open" | "resolved" | "dismissed"
      report_target: "event" | "comment" | "group" | "message" | "photo"
      rsvp_status: "going" | "waitlisted" | "pending" | "declined" | "cancelled"
      ticket_status: "held" | "valid" | "refunded" | "released"
      ticket_waitlist_status:
        | "waiting"
        | "offered"
        | "claimed"
        | "purchased"
        | "lapsed"
        | "left"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      event_category: [
        "arts",
        "books",
        "career",
        "community",
        "food",
        "games",
        "health",
        "music",
        "outdoors",
        "tech",
        "other",
      ],
      event_status: ["draft", "published", "cancelled"],
      event_visibility: ["public", "unlisted", "private", "members"],
      follow_kind: ["category", "topic", "host"],
      group_alerts: ["all", "none"],
      group_join_policy: ["open", "approval"],
      group_member_status: ["active", "pending", "banned"],
      group_role: ["organizer", "co_organizer", "event_organizer", "member"],
      group_visibility: ["public", "private"],
      host_role: ["host", "cohost", "checker"],
      order_status: [
        "pending",
        "processing",
        "paid",
        "expired",
        "cancelled",
        "failed",
        "refunded",
        "partially_refunded",
      ],
      question_kind: [
        "short_text",
        "long_text",
        "single_choice",
        "multiple_choice",
        "checkbox",
        "number",
        "phone",
      ],
      refund_policy: ["none", "until"],
      refund_reason: [
        "requested_by_buyer",
        "by_host",
        "event_cancelled",
        "sold_out",
        "outside_gather",
      ],
      refund_status: [
        "requested",
        "pending",
        "succeeded",
        "failed",
        "canceled",
      ],
      report_status: ["open", "resolved", "dismissed"],
      report_target: ["event", "comment", "group", "message", "photo"],
      rsvp_status: ["going", "waitlisted", "pending", "declined", "cancelled"],
      ticket_status: ["held", "valid", "refunded", "released"],
      ticket_waitlist_status: [
        "waiting",
        "offered",
        "claimed",
        "purchased",
        "lapsed",
        "left",
      ],
    },
  },
} as const
