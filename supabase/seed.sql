-- Demo data for a living first start: 13 members, 40 upcoming events in 10 cities, 8 groups,
-- RSVPs, waitlists and comments. Dates are relative to now, so the demo never goes stale.
-- demo: sign in as ada@example.com (site admin), grace@example.com or any of the others, password gather-demo

-- Members. One bcrypt hash (cost 10, as Supabase Auth makes them) serves every demo account.
with pw as (select extensions.crypt('gather-demo', extensions.gen_salt('bf', 10)) as hash),
people (n, username, display_name, role) as (values
  (1, 'ada', 'Ada Lovelace', 'admin'), (2, 'grace', 'Grace Hopper', null), (3, 'linus', 'Linus Park', null),
  (4, 'margaret', 'Margaret Hamilton', null), (5, 'alan', 'Alan Turing', null), (6, 'hedy', 'Hedy Lamarr', null),
  (7, 'tim', 'Tim Berners', null), (8, 'barbara', 'Barbara Liskov', null), (9, 'katherine', 'Katherine Johnson', null),
  (10, 'dennis', 'Dennis Ritchie', null),
  -- Members who read Gather in their own language (profiles.locale, from the sign-up metadata).
  (11, 'amelie', 'Amélie Laurent', null), (12, 'jonas', 'Jonas Becker', null), (13, 'lucia', 'Lucía Martín', null))
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       'authenticated', 'authenticated', username || '@example.com', pw.hash, now(),
       jsonb_build_object('provider', 'email', 'providers', array['email']) || coalesce(jsonb_build_object('role', role), '{}'),
       jsonb_build_object('username', username, 'display_name', display_name)
         || coalesce(jsonb_build_object('locale', case username when 'amelie' then 'fr' when 'jonas' then 'de' when 'lucia' then 'es' end), '{}'),
       now(), now()
from people, pw;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at, last_sign_in_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now(), now()
from auth.users u where u.email like '%@example.com';

create temporary table seed_homes as
select * from (values
  ('ada', 'Runs the Lisbon analytical engines meetup. Site admin here.', 'Lisbon', 38.7223, -9.1393),
  ('grace', 'Compilers, sailing and very long cables.', 'New York', 40.7128, -74.0060),
  ('linus', 'Board games every other Friday.', 'Berlin', 52.5200, 13.4050),
  ('margaret', 'Rock climbing and flight software.', 'London', 51.5072, -0.1276),
  ('alan', 'Long-distance runner, amateur cryptographer.', 'London', 51.5072, -0.1276),
  ('hedy', 'Film nights and frequency hopping.', 'Toronto', 43.6532, -79.3832),
  ('tim', 'Hosts the web history book club.', 'Nairobi', -1.2921, 36.8219),
  ('barbara', 'Writes about abstractions; cooks about them too.', 'Tokyo', 35.6762, 139.6503),
  ('katherine', 'Stargazing walks, maths circles.', 'Sydney', -33.8688, 151.2093),
  ('dennis', 'Jazz, C and coffee, in that order.', 'São Paulo', -23.5558, -46.6396),
  ('amelie', 'Randonnées, jeux de société et cafés-philo.', 'Lisbon', 38.7223, -9.1393),
  ('jonas', 'Klettern, Brettspiele und Open Source.', 'Berlin', 52.5200, 13.4050),
  ('lucia', 'Fotografía, cine y paseos largos.', 'London', 51.5072, -0.1276)
) as v(username, bio, city, lat, lng);
update public.profiles p set bio = v.bio, home_city = v.city from seed_homes v where p.username = v.username;
-- The coordinates are private to the member (profile_private).
update public.profile_private pp set home_lat = v.lat, home_lng = v.lng
from seed_homes v join public.profiles p on p.username = v.username where pp.id = p.id;

-- Events: (title, category, venue, address, lat, lng, zone, days ahead, start hour local, hours,
-- capacity, waitlist, approval, +1s, host, online link, video, description).
-- Board game Friday is on the first Friday at least two days on (isodow 5: 12 - isodow, mod 7).
create temporary table seed_events as
select * from (values
  ('Analytical Engines: a hands-on evening', 'tech', 'LX Factory', 'Rua Rodrigues de Faria 103, Lisbon', 38.7036, -9.1784, 'Europe/Lisbon', 3, 19, 3, 30, true, false, 1, 'ada', null, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'We take apart (on paper) Babbage''s engine and build a working **difference engine** out of LEGO. No experience needed; bring curiosity.'),
  ('Sunset walk along the Tagus', 'outdoors', 'Cais do Sodré', 'Cais do Sodré, Lisbon', 38.7060, -9.1447, 'Europe/Lisbon', 6, 18, 2, null, true, false, 2, 'ada', null, null, 'An easy 6 km walk west along the river to Belém, ending with pastéis. Comfortable shoes.'),
  ('Fado and small plates', 'music', 'Tasca do Chico', 'Rua do Diário de Notícias 39, Lisbon', 38.7118, -9.1445, 'Europe/Lisbon', 12, 21, 3, 12, true, true, 0, 'ada', null, null, 'A tiny tasca, live fado, shared petiscos. Places are few, so the host approves requests.'),
  ('Portuguese for beginners: conversation hour', 'community', 'Biblioteca de Alcântara', 'Rua José Dias Coelho 27, Lisbon', 38.7069, -9.1760, 'Europe/Lisbon', 20, 18, 1, 15, false, false, 0, 'ada', 'https://meet.example.com/pt-beginners', null, 'Practise everyday Portuguese with patient locals. In person, and online for those who cannot make it.'),
  ('Compiler night: write a tiny Lisp', 'tech', 'Recurse Hub', '397 Bridge St, Brooklyn, NY', 40.6924, -73.9853, 'America/New_York', 4, 18, 3, 40, true, false, 1, 'grace', null, null, 'Two hours to a working Lisp interpreter in the language of your choice. Pairing encouraged.'),
  ('Harbor sail for first-timers', 'outdoors', 'North Cove Marina', '385 South End Ave, New York, NY', 40.7148, -74.0170, 'America/New_York', 9, 10, 4, 8, true, true, 0, 'grace', null, null, 'A gentle half-day on the Hudson with an experienced skipper. Life jackets provided. Weather permitting.'),
  ('Debugging stories open mic', 'community', 'Caveat', '21A Clinton St, New York, NY', 40.7207, -73.9846, 'America/New_York', 15, 19, 2, 80, true, false, 2, 'grace', null, 'https://vimeo.com/76979871', 'Five minutes each: the worst bug you ever found. Moths welcome.'),
  ('Women in Tech breakfast', 'career', 'Ground Support Cafe', '399 W Broadway, New York, NY', 40.7246, -74.0029, 'America/New_York', 24, 8, 2, 25, true, false, 0, 'grace', null, null, 'Coffee, bagels and honest career talk. Everyone who supports women in tech is welcome.'),
  ('Board game Friday: Catan & co.', 'games', 'Spielwiese Café', 'Oranienstraße 35, Berlin', 52.5010, 13.4190, 'Europe/Berlin', 2 + (12 - extract(isodow from current_date + 2)::int) % 7, 19, 4, 6, true, false, 1, 'linus', null, null, 'Six seats, many games. We teach every game; newcomers very welcome. This one fills fast.'),
  ('Open-source sprint: first contributions', 'tech', 'c-base', 'Rungestraße 20, Berlin', 52.5129, 13.4201, 'Europe/Berlin', 10, 14, 6, 35, true, false, 0, 'linus', 'https://meet.example.com/oss-sprint', null, 'We pick good-first-issues together and get your first pull request merged.'),
  ('Techno history listening session', 'music', 'Hör Berlin', 'Schlesische Str. 38, Berlin', 52.4966, 13.4458, 'Europe/Berlin', 18, 20, 3, 50, false, false, 1, 'linus', null, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'From Detroit to Tresor: records, stories and a lot of bass.'),
  ('Kayak the Spree at dawn', 'outdoors', 'Kanuverleih Treptow', 'Puschkinallee 15, Berlin', 52.4920, 13.4657, 'Europe/Berlin', 33, 6, 3, 10, true, false, 0, 'linus', null, null, 'Paddle through a sleeping city. Basic swimming required.'),
  ('Bouldering social', 'health', 'The Castle Climbing Centre', 'Green Lanes, London N4 2HA', 51.5657, -0.0920, 'Europe/London', 5, 18, 2, 20, true, false, 1, 'margaret', null, null, 'All levels. Shoes can be rented at the desk. We finish at the pub next door.'),
  ('Apollo guidance computer: a talk', 'tech', 'Science Museum IMAX', 'Exhibition Rd, London SW7 2DD', 51.4978, -0.1745, 'Europe/London', 16, 19, 2, 120, true, false, 1, 'margaret', null, 'https://www.youtube.com/watch?v=B1J2RMorJXM', 'How 72 KB of rope memory got people to the Moon and back, with a replica to look at.'),
  ('Parkrun then brunch', 'health', 'Hackney Marshes', 'Homerton Rd, London E9 5PF', 51.5563, -0.0301, 'Europe/London', 7, 9, 3, null, true, false, 0, 'alan', null, null, '5 km at your pace, then brunch at the café. Walkers welcome.'),
  ('Codebreakers puzzle hunt', 'games', 'The British Library', '96 Euston Rd, London NW1 2DB', 51.5299, -0.1270, 'Europe/London', 22, 13, 4, 48, true, false, 3, 'alan', null, null, 'Teams of four crack a chain of historical ciphers across the library. Pencils provided.'),
  ('Maths circle for grown-ups', 'books', 'Conway Hall', '25 Red Lion Square, London WC1R 4RL', 51.5196, -0.1185, 'Europe/London', 40, 19, 2, 30, true, false, 0, 'alan', 'https://meet.example.com/maths-circle', null, 'A relaxed evening of beautiful problems. No homework, no exams, only pizza.'),
  ('Classic film night: Ecstasy (1933)', 'arts', 'Revue Cinema', '400 Roncesvalles Ave, Toronto', 43.6491, -79.4500, 'America/Toronto', 8, 19, 3, 60, true, false, 1, 'hedy', null, 'https://vimeo.com/22439234', 'A screening and a short talk about the actress who co-invented frequency hopping.'),
  ('Radio makers workshop', 'tech', 'Toronto Tool Library', '1803 Danforth Ave, Toronto', 43.6846, -79.3182, 'America/Toronto', 19, 13, 4, 16, true, true, 0, 'hedy', null, null, 'Solder your own FM receiver. Kits included; requests approved in order.'),
  ('Winter picnic on the Islands', 'food', 'Centre Island', 'Centre Island, Toronto', 43.6205, -79.3783, 'America/Toronto', 45, 12, 3, null, true, false, 3, 'hedy', null, null, 'Hot chocolate, a bonfire and skyline views. Ferry at 11:30.'),
  ('Web history book club: Weaving the Web', 'books', 'Nairobi National Library', 'Ngong Rd, Nairobi', -1.2986, 36.8050, 'Africa/Nairobi', 11, 17, 2, 25, true, false, 0, 'tim', 'https://meet.example.com/weaving-the-web', null, 'We discuss the first half of the book. Copies can be borrowed from the host.'),
  ('Karura forest run', 'outdoors', 'Karura Forest Gate A', 'Limuru Rd, Nairobi', -1.2436, 36.8339, 'Africa/Nairobi', 14, 7, 2, 40, true, false, 0, 'tim', null, null, '10 km through the forest to the waterfall and back. Pace groups for everyone.'),
  ('Startup pitch practice', 'career', 'iHub', 'Senteu Plaza, Galana Rd, Nairobi', -1.2896, 36.7826, 'Africa/Nairobi', 27, 18, 3, 35, true, false, 1, 'tim', null, null, 'Pitch for three minutes, get kind and useful feedback from founders and investors.'),
  ('Ramen crawl in Shinjuku', 'food', 'Shinjuku Station East Exit', 'Shinjuku, Tokyo', 35.6909, 139.7003, 'Asia/Tokyo', 6, 18, 4, 10, true, false, 0, 'barbara', null, null, 'Three shops, three styles, small portions. We walk between them.'),
  ('Abstraction reading group', 'books', 'Tsutaya Daikanyama', '17-5 Sarugakucho, Shibuya, Tokyo', 35.6489, 139.6990, 'Asia/Tokyo', 13, 19, 2, 20, true, false, 0, 'barbara', null, null, 'This month: Data Abstraction and Hierarchy. Bring one question.'),
  ('Go (the board game) for programmers', 'games', 'Nihon Ki-in', '7-2 Gobancho, Chiyoda, Tokyo', 35.6878, 139.7351, 'Asia/Tokyo', 26, 14, 3, 24, true, false, 0, 'barbara', null, null, 'Learn the rules in 10 minutes and play your first 9×9 games with a strong player at your side.'),
  ('Cherry-blossom hanami', 'outdoors', 'Yoyogi Park', 'Yoyogikamizonocho, Shibuya, Tokyo', 35.6717, 139.6949, 'Asia/Tokyo', 120, 11, 5, null, true, false, 4, 'barbara', null, null, 'Blue sheets, onigiri and petals. We keep a spot near the fountain.'),
  ('Stargazing walk at Centennial Park', 'outdoors', 'Centennial Park Dairy', 'Grand Dr, Centennial Park NSW', -33.8980, 151.2326, 'Australia/Sydney', 9, 20, 2, 30, true, false, 1, 'katherine', null, null, 'Telescopes provided. We find Saturn, the Jewel Box and the Southern Cross.'),
  ('Orbital mechanics for everyone', 'tech', 'State Library of NSW', '1 Shakespeare Pl, Sydney', -33.8660, 151.2130, 'Australia/Sydney', 17, 18, 2, 90, true, false, 0, 'katherine', 'https://meet.example.com/orbits', 'https://www.youtube.com/watch?v=ObbvXtBWf6Y', 'How do you get to the Moon? A talk with paper, string and no calculus.'),
  ('Harbour swim: Bondi to Bronte', 'health', 'Bondi Icebergs', '1 Notts Ave, Bondi Beach NSW', -33.8949, 151.2741, 'Australia/Sydney', 30, 7, 2, 20, true, true, 0, 'katherine', null, null, 'Open water, 2 km, experienced swimmers only. The host checks experience before approving.'),
  ('Math circle: puzzles with kids', 'community', 'Glebe Library', '186 Glebe Point Rd, Glebe NSW', -33.8780, 151.1870, 'Australia/Sydney', 52, 10, 2, 24, true, false, 2, 'katherine', null, null, 'Families welcome. Each adult can bring up to two young puzzlers.'),
  ('Jazz jam at the Mercado', 'music', 'Mercadão', 'Rua da Cantareira 306, São Paulo', -23.5416, -46.6297, 'America/Sao_Paulo', 5, 20, 3, 70, true, false, 2, 'dennis', null, null, 'Bring an instrument or just your ears. House rhythm section from 20:30.'),
  ('C from scratch: pointers without tears', 'tech', 'Garoa Hacker Clube', 'Rua Costa Carvalho 567, São Paulo', -23.5681, -46.6924, 'America/Sao_Paulo', 12, 19, 3, 2, false, false, 0, 'dennis', null, null, 'Hands-on, two seats only: the host pairs with each of you for the whole evening.'),
  ('Specialty coffee cupping', 'food', 'Coffee Lab', 'Rua Fradique Coutinho 1340, São Paulo', -23.5573, -46.6904, 'America/Sao_Paulo', 21, 10, 2, 14, true, false, 0, 'dennis', null, null, 'Taste six Brazilian coffees side by side and learn to tell them apart.'),
  ('Street art bike tour', 'arts', 'Beco do Batman', 'Rua Gonçalo Afonso, São Paulo', -23.5565, -46.6871, 'America/Sao_Paulo', 38, 9, 4, 25, true, false, 1, 'dennis', null, null, 'A relaxed ride through Vila Madalena''s murals with a local artist.'),
  ('Remote work clinic', 'career', null, null, null, null, 'UTC', 4, 15, 1, null, true, false, 0, 'grace', 'https://meet.example.com/remote-clinic', null, 'An online hour of practical tips on working remotely across time zones. Questions first.'),
  ('Online chess blitz night', 'games', null, null, null, null, 'Europe/Berlin', 8, 20, 2, 64, true, false, 0, 'linus', 'https://meet.example.com/blitz', null, 'Swiss tournament, 3+2. Link to the arena goes to everyone going.'),
  ('Meditation for busy people', 'health', null, null, null, null, 'Europe/London', 11, 7, 1, null, true, false, 0, 'margaret', 'https://meet.example.com/meditate', null, 'Twenty minutes, guided, cameras off. Start the day slower.'),
  ('Poetry at the edge of code', 'arts', 'Livraria Ler Devagar', 'Rua Rodrigues de Faria 103, Lisbon', 38.7037, -9.1783, 'Europe/Lisbon', 55, 19, 2, 40, true, false, 1, 'ada', null, null, 'Read a poem you wrote, or one that moved you. Programs that rhyme especially welcome.'),
  ('Community garden planting day', 'community', 'Prinzessinnengarten', 'Prinzenstraße 35-38, Berlin', 52.4985, 13.4103, 'Europe/Berlin', 75, 10, 5, 60, true, false, 2, 'linus', null, null, 'Spring planting with the neighbours. Gloves and tools provided; lunch shared.')
) as t(title, category, venue_name, address, lat, lng, timezone, days_ahead, start_hour, hours, capacity, waitlist_enabled,
       requires_approval, plus_ones_max, host, online_url, video_url, description);

insert into public.events (host_id, title, description, category, starts_at, ends_at, timezone, venue_name, address, lat, lng,
                           is_online, video_url, capacity, waitlist_enabled, requires_approval, plus_ones_max, visibility, status)
select p.id, s.title, s.description, s.category::public.event_category,
       ((current_date + s.days_ahead) + make_time(s.start_hour, 0, 0)) at time zone s.timezone,
       ((current_date + s.days_ahead) + make_time(s.start_hour, 0, 0)) at time zone s.timezone + make_interval(hours => s.hours),
       s.timezone, s.venue_name, s.address, s.lat, s.lng, s.online_url is not null, s.video_url, s.capacity, s.waitlist_enabled,
       s.requires_approval, s.plus_ones_max, 'public', 'published'
from seed_events s join public.profiles p on p.username = s.host;

insert into public.event_online_links (event_id, url)
select e.id, s.online_url from seed_events s join public.events e on e.title = s.title where s.online_url is not null;

-- One draft, for the host's dashboard.
insert into public.events (host_id, title, description, category, starts_at, ends_at, timezone, venue_name, lat, lng, status)
select id, 'Lisbon tram photo walk (draft)', 'Still planning the route.', 'arts',
       now() + interval '60 days', now() + interval '60 days 3 hours', 'Europe/Lisbon', 'Praça Martim Moniz', 38.7160, -9.1360, 'draft'
from public.profiles where username = 'ada';

-- Media from seed-media/, which config.toml's [storage.buckets.*] upload with this seed: a cover
-- for every event with a venue (its category's three designs in turn), and an uploaded video for
-- two events that have no video link. `node supabase/seed-media/generate-covers.ts` redraws them.
update public.events e set cover_path = 'seed/' || e.category || '-' || c.variant || '.png'
from (select id, (row_number() over (partition by category order by starts_at, slug) - 1) % 3 + 1 as variant
      from public.events where status = 'published' and venue_name is not null) c
where c.id = e.id;
update public.events set video_path = 'seed/jazz-jam.mp4' where slug = 'jazz-jam-at-the-mercado';
update public.events set video_path = 'seed/ramen-crawl.webm' where slug = 'ramen-crawl-in-shinjuku';

-- Communities (issue 15, decision 0107): eight groups across the cities, each run by the host of
-- its city's events with a co-organizer; members of every role, a private group, approval groups
-- with requests waiting, a ban, announcements; most events belong to one. Covers and logos are in
-- seed-media/group-media. The creator becomes the organizer (trigger); counts follow by trigger.
insert into public.groups (created_by, name, category, city, lat, lng, visibility, join_policy, cover_path, logo_path, about, created_at)
select p.id, v.name, v.category::public.event_category, v.city, v.lat, v.lng, v.visibility::public.group_visibility,
       v.join_policy::public.group_join_policy, 'seed/' || v.category || '-cover.png', 'seed/' || v.category || '-logo.png',
       v.about, now() - make_interval(days => v.age)
from (values
  ('ada', 'Lisbon Analytical Society', 'tech', 'Lisbon', 38.7223, -9.1393, 'public', 'open', 400,
   'Hands-on evenings about the machines that compute, from **Babbage''s engines** to the laptop on your knees. Walks, music and poetry too: Lisbon is good at all three.'),
  ('grace', 'New York Hackers & Sailors', 'community', 'New York', 40.7128, -74.0060, 'public', 'open', 300,
   'Compilers on weeknights, the Hudson on weekends. Beginners are the point: everyone here was one.'),
  ('linus', 'Berlin Board Gamers', 'games', 'Berlin', 52.5200, 13.4050, 'public', 'approval', 250,
   'Board games every other Friday, and whatever else we can play together. Tables are small, so we ask new members a question first.'),
  ('margaret', 'London Move & Think', 'health', 'London', 51.5072, -0.1276, 'public', 'open', 200,
   'Climb, run, breathe, then think hard about something beautiful. All levels, all paces.'),
  ('hedy', 'Toronto Film & Radio Circle', 'arts', 'Toronto', 43.6532, -79.3832, 'private', 'approval', 180,
   'Classic films, homemade radios and the people who invented both. A small private circle: events and members are for members.'),
  ('tim', 'Nairobi Web Readers', 'books', 'Nairobi', -1.2921, 36.8219, 'public', 'open', 150,
   'A book club about the web and the people who made it, plus runs in Karura forest to think about it.'),
  ('barbara', 'Tokyo Taste & Ideas', 'food', 'Tokyo', 35.6762, 139.6503, 'public', 'open', 120,
   'Ramen, reading and a game of Go: one evening of each a month.'),
  ('katherine', 'Sydney Stargazers', 'outdoors', 'Sydney', -33.8688, 151.2093, 'public', 'approval', 90,
   'Telescopes in the park, orbits on paper, swims at dawn. Some events need experience, so organizers approve new members.')
) as v(organizer, name, category, city, lat, lng, visibility, join_policy, age, about)
join public.profiles p on p.username = v.organizer;

-- The events were announced before their groups existed: attaching them alerts nobody.
alter table public.events disable trigger events_group_alerts;
update public.events e set group_id = g.id
from (values ('ada', 'Lisbon Analytical Society'), ('grace', 'New York Hackers & Sailors'), ('linus', 'Berlin Board Gamers'),
             ('margaret', 'London Move & Think'), ('alan', 'London Move & Think'), ('hedy', 'Toronto Film & Radio Circle'),
             ('tim', 'Nairobi Web Readers'), ('barbara', 'Tokyo Taste & Ideas'), ('katherine', 'Sydney Stargazers')) as h(host, group_name)
join public.profiles p on p.username = h.host
join public.groups g on g.name = h.group_name
where e.host_id = p.id;
-- Two members-only events (one in a public group, one in the private one).
update public.events set visibility = 'members' where slug in ('kayak-the-spree-at-dawn', 'radio-makers-workshop');
alter table public.events enable trigger events_group_alerts;

insert into public.group_members (group_id, user_id, role, status, created_at, joined_at, banned_at)
select g.id, p.id, m.role::public.group_role, m.status::public.group_member_status, now() - make_interval(days => m.days),
       case when m.status = 'active' then now() - make_interval(days => m.days) end,
       case when m.status = 'banned' then now() - make_interval(days => m.days) end
from (values
  ('Lisbon Analytical Society', 'grace', 'co_organizer', 'active', 380), ('Lisbon Analytical Society', 'dennis', 'event_organizer', 'active', 300),
  ('Lisbon Analytical Society', 'alan', 'member', 'active', 200), ('Lisbon Analytical Society', 'hedy', 'member', 'active', 120),
  ('Lisbon Analytical Society', 'tim', 'member', 'active', 60), ('Lisbon Analytical Society', 'barbara', 'member', 'active', 30),
  ('Lisbon Analytical Society', 'amelie', 'member', 'active', 5),
  ('New York Hackers & Sailors', 'ada', 'co_organizer', 'active', 280), ('New York Hackers & Sailors', 'katherine', 'event_organizer', 'active', 200),
  ('New York Hackers & Sailors', 'linus', 'member', 'active', 90), ('New York Hackers & Sailors', 'margaret', 'member', 'active', 40),
  ('New York Hackers & Sailors', 'dennis', 'member', 'active', 12),
  ('Berlin Board Gamers', 'margaret', 'co_organizer', 'active', 240), ('Berlin Board Gamers', 'jonas', 'event_organizer', 'active', 100),
  ('Berlin Board Gamers', 'ada', 'member', 'active', 150), ('Berlin Board Gamers', 'hedy', 'member', 'active', 70),
  ('Berlin Board Gamers', 'barbara', 'member', 'active', 20),
  ('Berlin Board Gamers', 'alan', 'member', 'pending', 2), ('Berlin Board Gamers', 'tim', 'member', 'pending', 1),
  ('Berlin Board Gamers', 'katherine', 'member', 'pending', 0),
  ('London Move & Think', 'alan', 'co_organizer', 'active', 200), ('London Move & Think', 'linus', 'event_organizer', 'active', 150),
  ('London Move & Think', 'ada', 'member', 'active', 100), ('London Move & Think', 'grace', 'member', 'active', 80),
  ('London Move & Think', 'tim', 'member', 'active', 45), ('London Move & Think', 'katherine', 'member', 'active', 10),
  ('London Move & Think', 'lucia', 'member', 'active', 3),
  ('Toronto Film & Radio Circle', 'grace', 'co_organizer', 'active', 170), ('Toronto Film & Radio Circle', 'ada', 'member', 'active', 140),
  ('Toronto Film & Radio Circle', 'dennis', 'member', 'active', 60), ('Toronto Film & Radio Circle', 'barbara', 'member', 'active', 25),
  ('Toronto Film & Radio Circle', 'linus', 'member', 'pending', 1), ('Toronto Film & Radio Circle', 'tim', 'member', 'banned', 7),
  ('Nairobi Web Readers', 'katherine', 'co_organizer', 'active', 140), ('Nairobi Web Readers', 'ada', 'member', 'active', 100),
  ('Nairobi Web Readers', 'grace', 'member', 'active', 66), ('Nairobi Web Readers', 'hedy', 'member', 'active', 30),
  ('Nairobi Web Readers', 'dennis', 'member', 'active', 8),
  ('Tokyo Taste & Ideas', 'linus', 'co_organizer', 'active', 110), ('Tokyo Taste & Ideas', 'hedy', 'event_organizer', 'active', 90),
  ('Tokyo Taste & Ideas', 'ada', 'member', 'active', 50), ('Tokyo Taste & Ideas', 'katherine', 'member', 'active', 33),
  ('Tokyo Taste & Ideas', 'margaret', 'member', 'active', 14),
  ('Sydney Stargazers', 'barbara', 'co_organizer', 'active', 80), ('Sydney Stargazers', 'alan', 'member', 'active', 50),
  ('Sydney Stargazers', 'margaret', 'member', 'active', 20),
  ('Sydney Stargazers', 'dennis', 'member', 'pending', 1), ('Sydney Stargazers', 'ada', 'member', 'pending', 0)
) as m(group_name, username, role, status, days)
join public.groups g on g.name = m.group_name
join public.profiles p on p.username = m.username;

insert into public.group_announcements (group_id, author_id, subject, body, recipient_count, created_at)
select g.id, p.id, a.subject, a.body, s.member_count - 1, now() - make_interval(hours => a.hours)
from (values
  ('Lisbon Analytical Society', 'ada', 'A bigger room for the engines evening',
   'We moved to the big hall at LX Factory: more tables, more LEGO, same time. Bring a friend who has never seen a difference engine.', 20),
  ('Lisbon Analytical Society', 'grace', 'Looking for a speaker in June',
   'Have you built something that computes in a strange way? Tell us about it in ten minutes. Reply to Ada or me.', 150),
  ('Berlin Board Gamers', 'linus', 'New games on the shelf', 'Spirit Island and Cascadia arrived. First come, first taught.', 48),
  ('London Move & Think', 'margaret', 'Summer schedule', 'Bouldering moves to Tuesdays from next month; the parkrun brunch stays on Saturdays.', 72),
  ('Toronto Film & Radio Circle', 'hedy', 'Members'' screening list', 'Vote for the next three films in the comments of the film night. Kits for the radio workshop are in.', 30)
) as a(group_name, author, subject, body, hours)
join public.groups g on g.name = a.group_name
join public.group_stats s on s.group_id = g.id
join public.profiles p on p.username = a.author;

-- RSVPs: everyone but the host goes to roughly half of the events; full events get a waitlist
-- in arrival order; approval events get pending requests.
insert into public.rsvps (event_id, user_id, status, guests, created_at)
select e.id, p.id, case when e.requires_approval then 'pending' else 'going' end::public.rsvp_status, 0,
       now() - make_interval(mins => (abs(hashtext(e.id::text || p.id::text)) % 5000))
from public.events e cross join public.profiles p
where e.status = 'published' and p.id <> e.host_id
  and p.username not in ('amelie', 'jonas', 'lucia') -- they joined later; every other RSVP stays as it was
  and (abs(hashtext(e.slug || p.username)) % 2 = 0 or e.capacity <= 10) -- small events fill up
  -- A group's members-only events, and a private group's events, take its members only; a ban
  -- keeps someone away from all of a group's events (decision 0102).
  and (e.group_id is null
       or exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = p.id and m.status = 'active')
       or (e.visibility = 'public'
           and exists (select 1 from public.groups g where g.id = e.group_id and g.visibility = 'public')
           and not exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = p.id and m.status = 'banned')));

-- Trim each capacity-limited event to its capacity, earliest first; the rest wait in line.
with ranked as (
  select r.event_id, r.user_id, e.capacity, e.waitlist_enabled,
         row_number() over (partition by r.event_id order by r.created_at) as n
  from public.rsvps r join public.events e on e.id = r.event_id
  where r.status = 'going' and e.capacity is not null
)
update public.rsvps r set
  status = case when ranked.waitlist_enabled then 'waitlisted' else 'cancelled' end::public.rsvp_status,
  waitlist_position = case when ranked.waitlist_enabled then ranked.n end
from ranked
where ranked.event_id = r.event_id and ranked.user_id = r.user_id and ranked.n > ranked.capacity;

select private.refresh_event_stats(id) from public.events;

insert into public.comments (event_id, author_id, body)
select e.id, p.id, c.body
from (values
  ('analytical-engines-a-hands-on-evening', 'grace', 'Can I bring my own LEGO Technic? I have a suspicious amount of gears.'),
  ('analytical-engines-a-hands-on-evening', 'alan', 'Looking forward to this. Is there parking nearby?'),
  ('board-game-friday-catan-co', 'hedy', 'Waitlisted, fingers crossed!'),
  ('compiler-night-write-a-tiny-lisp', 'dennis', 'I will be writing mine in C, obviously.'),
  ('stargazing-walk-at-centennial-park', 'barbara', 'What happens if it is cloudy?'),
  ('stargazing-walk-at-centennial-park', 'katherine', 'If it is cloudy we move to the planetarium talk instead; same time.')
) as c(slug, username, body)
join public.events e on e.slug = c.slug
join public.profiles p on p.username = c.username;

-- A team for Ada's workshop: Grace co-hosts, Tim checks people in.
insert into public.event_hosts (event_id, user_id, role)
select e.id, p.id, t.role::public.host_role
from (values ('grace', 'cohost'), ('tim', 'checker')) as t(username, role)
join public.events e on e.slug = 'analytical-engines-a-hands-on-evening'
join public.profiles p on p.username = t.username;

-- Something for the admin's reports queue: a spam comment reported twice, and an event once.
insert into public.comments (event_id, author_id, body)
select e.id, p.id, 'Cheap watches at example.com, best prices!!! Use code JAZZ for 90% off'
from public.events e, public.profiles p
where e.slug = 'jazz-jam-at-the-mercado' and p.username = 'alan';

insert into public.reports (reporter_id, target_type, target_id, reason, created_at)
select p.id, 'comment', c.id, r.reason, now() - r.ago
from (values ('dennis', 'Spam: advertising watches on my event.', interval '3 hours'),
             ('katherine', 'Looks like spam.', interval '1 hour')) as r(username, reason, ago)
join public.profiles p on p.username = r.username
join public.comments c on c.body like 'Cheap watches at example.com%';

insert into public.reports (reporter_id, target_type, target_id, reason, created_at)
select p.id, 'event', e.id, 'The video has nothing to do with the event.', now() - interval '30 minutes'
from public.profiles p, public.events e
where p.username = 'margaret' and e.slug = 'techno-history-listening-session';

-- Interests (issue 33, decision 0341): topics on a few groups and events, and what Grace follows
-- (a category, a topic and a host), so her "For you" on Discover explains itself from the start.
update public.groups set tags = array['board games', 'strategy'] where name = 'Berlin Board Gamers';
update public.groups set tags = array['computing history'] where name = 'Lisbon Analytical Society';
update public.events set tags = array['board games'] where title in ('Board game Friday: Catan & co.', 'Go (the board game) for programmers', 'Codebreakers puzzle hunt');
update public.events set tags = array['computing history', 'hands-on'] where title = 'Analytical Engines: a hands-on evening';
update public.events set tags = array['jazz', 'live music'] where title = 'Jazz jam at the Mercado';
insert into public.follows (user_id, kind, value)
select p.id, f.kind::public.follow_kind, coalesce(h.id::text, f.value)
from (values ('category', 'music', null), ('topic', 'board games', null), ('host', null, 'barbara')) as f(kind, value, host)
join public.profiles p on p.username = 'grace'
left join public.profiles h on h.username = f.host;

drop table seed_events, seed_homes;

-- Weekly picks by email (decision 0380, opt-in): Grace turned them on; Monday's job emails her picks.
update public.notification_preferences set weekly_picks = true
where user_id = (select id from public.profiles where username = 'grace');

-- Group conversations (issue 33, decisions 0345-0349): two discussions in the Lisbon Analytical
-- Society (one pinned by its organizer, with replies, a mention and reactions), and a private
-- conversation between Ada and Grace, the last message not yet read.
insert into public.discussion_threads (group_id, author_id, title, body, pinned_at, created_at, last_activity_at)
select g.id, p.id, t.title, t.body, case when t.pinned then now() - interval '2 days' end, now() - t.ago, now() - t.ago
from (values
  ('ada', 'Welcome: read this first', E'Say hello here and tell us **what you would like to build**.\n\nBe kind; the rules are in the About section.', true, interval '3 days'),
  ('grace', 'Which engine should we build next?', E'The Difference Engine went well. Ideas for the next evening:\n\n- a Jacquard loom card reader\n- a slide-rule workshop\n\nWhat do you think, @ada?', false, interval '1 day')
) as t(username, title, body, pinned, ago)
join public.profiles p on p.username = t.username
join public.groups g on g.name = 'Lisbon Analytical Society';

insert into public.discussion_replies (thread_id, author_id, body, created_at)
select d.id, p.id, r.body, now() - r.ago
from (values
  ('Which engine should we build next?', 'alan', 'The loom, please. Punched cards are where it all started.', interval '20 hours'),
  ('Which engine should we build next?', 'ada', 'Loom it is. @grace, can you book the workshop room?', interval '18 hours'),
  ('Welcome: read this first', 'hedy', 'Hello from Hedy! Radio and frequency hopping are my thing.', interval '2 days')
) as r(title, username, body, ago)
join public.discussion_threads d on d.title = r.title
join public.profiles p on p.username = r.username;

insert into public.discussion_reactions (thread_id, group_id, user_id, emoji)
select d.id, d.group_id, p.id, x.emoji
from (values ('alan', '👍'), ('hedy', '🎉'), ('tim', '👍')) as x(username, emoji)
join public.discussion_threads d on d.title = 'Which engine should we build next?'
join public.profiles p on p.username = x.username;

insert into public.conversations (user_a, user_b, last_message_at)
select least(a.id, b.id), greatest(a.id, b.id), now() - interval '2 hours'
from public.profiles a, public.profiles b where a.username = 'ada' and b.username = 'grace';

insert into public.direct_messages (conversation_id, sender_id, recipient_id, body, read_at, created_at)
select c.id, s.id, r.id, m.body, case when m.read then now() - m.ago end, now() - m.ago
from (values
  ('grace', 'ada', 'Could you bring the Bernoulli notes on Thursday?', true, interval '5 hours'),
  ('ada', 'grace', 'Of course. I will print a copy for everyone.', false, interval '2 hours')
) as m(sender, recipient, body, read, ago)
join public.profiles s on s.username = m.sender
join public.profiles r on r.username = m.recipient
join public.conversations c on c.user_a = least(s.id, r.id) and c.user_b = greatest(s.id, r.id);

-- What these told the bell when they were written (decision 0405's triggers): Grace's shows Ada's
-- mention, Alan's reply to her thread and Ada's unread message; Ada's, Grace's mention and the
-- replies. Each is dated as its post, and read if its message was read (Ada read Grace's). Their
-- emails and pushes belong to that past: recorded as 'skipped' (as migration 20261101001200 did for
-- older notifications), so the demo's first minute does not mail them out.
with dated as (
  select n.id,
         coalesce((select r.created_at from public.discussion_replies r where r.id = (n.payload ->> 'reply_id')::uuid),
                  (select m.created_at from public.direct_messages m where m.id = (n.payload ->> 'message_id')::uuid),
                  (select t.created_at from public.discussion_threads t where t.id = (n.payload ->> 'thread_id')::uuid)) as at,
         (select m.read_at from public.direct_messages m where m.id = (n.payload ->> 'message_id')::uuid) as read_at
  from public.notifications n
  where n.kind in ('mention', 'discussion_reply', 'direct_message')
)
update public.notifications n
set created_at = d.at, read_at = d.read_at, emailed_at = d.at, email_status = coalesce(n.email_status, 'skipped'),
    pushed_at = d.at, push_status = coalesce(n.push_status, 'skipped')
from dated d where d.id = n.id;

-- After the event (issue 33, decisions 0355–0358): last week's riverside picnic, with three photos
-- in its album (seed-media/event-albums/<its id>/: the bucket keeps each event's photos in its own
-- folder, so its id is fixed) and feedback from most of those who went: Ada's dashboard shows the
-- results, Linus has not answered yet.
insert into public.events (id, host_id, title, description, category, starts_at, ends_at, timezone, venue_name, address,
                           lat, lng, visibility, status)
select '00000000-0000-4000-8000-0000000a1b00', p.id, 'Riverside picnic',
       'Bring something to share; blankets provided. Add your photos to the album afterwards.', 'food',
       now() + interval '1 day', now() + interval '1 day 4 hours',
       'Europe/Lisbon', 'Jardim do Tabaco', 'Av. Infante Dom Henrique, Lisbon', 38.7095, -9.1240, 'public', 'published'
from public.profiles p where p.username = 'ada';
-- Published as any event is (in the future), then moved to six days ago, as time would have.
update public.events
set starts_at = ((current_date - 6) + time '17:00') at time zone 'Europe/Lisbon',
    ends_at = ((current_date - 6) + time '21:00') at time zone 'Europe/Lisbon', cover_path = 'seed/food-1.png'
where id = '00000000-0000-4000-8000-0000000a1b00';

insert into public.rsvps (event_id, user_id, status, checked_in_at, created_at)
select '00000000-0000-4000-8000-0000000a1b00', p.id, 'going', now() - interval '6 days', now() - interval '12 days'
from public.profiles p where p.username in ('grace', 'alan', 'hedy', 'amelie', 'linus');
select private.refresh_event_stats('00000000-0000-4000-8000-0000000a1b00');

insert into public.event_album_photos (event_id, uploader_id, path, caption, width, height, created_at)
select '00000000-0000-4000-8000-0000000a1b00', p.id, '00000000-0000-4000-8000-0000000a1b00/' || x.file, x.caption, 640, 480, now() - x.ago
from (values ('grace', 'sunset.png', 'Sunset over the Tagus', interval '5 days 20 hours'),
             ('hedy', 'blanket.png', null, interval '5 days 19 hours'),
             ('amelie', 'lanterns.png', 'Les lanternes, à la tombée de la nuit', interval '5 days 18 hours')) as x(username, file, caption, ago)
join public.profiles p on p.username = x.username;

insert into public.event_feedback (event_id, user_id, rating, comment, created_at, updated_at)
select '00000000-0000-4000-8000-0000000a1b00', p.id, f.rating, f.comment, now() - f.ago, now() - f.ago
from (values ('grace', 5, 'Perfect spot, and the lanterns were a lovely touch.', interval '5 days'),
             ('alan', 4, 'More shade next time, please.', interval '4 days'),
             ('hedy', 5, null, interval '4 days'),
             ('amelie', 3, 'Super ambiance, mais il manquait des verres.', interval '3 days')) as f(username, rating, comment, ago)
join public.profiles p on p.username = f.username;
