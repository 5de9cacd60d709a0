--
-- PostgreSQL database dump
--

\restrict mnb2Pz6SFbW5L5FhRCmgUnq1CrVmUanEccN9lwY3KMBeqj46h9M6jedeYcEW4ap

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    seq bigint NOT NULL,
    id text NOT NULL,
    status text NOT NULL,
    email text,
    email_lower text,
    email_verified boolean NOT NULL,
    display_name text,
    created_at bigint NOT NULL
);


--
-- Name: accounts_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.accounts_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: accounts_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.accounts_seq_seq OWNED BY public.accounts.seq;


--
-- Name: apple_transfers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.apple_transfers (
    transfer_sub text NOT NULL,
    account_id text NOT NULL,
    identity_id text NOT NULL,
    new_subject text,
    completed_at bigint
);


--
-- Name: audit_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_events (
    seq bigint NOT NULL,
    id text NOT NULL,
    "time" bigint NOT NULL,
    kind text NOT NULL,
    account_id text,
    client_id text,
    detail text NOT NULL
);


--
-- Name: audit_events_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_events_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_events_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_events_seq_seq OWNED BY public.audit_events.seq;


--
-- Name: authorization_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.authorization_codes (
    hash text NOT NULL,
    grant_id text NOT NULL,
    client_id text NOT NULL,
    account_id text NOT NULL,
    redirect_uri text NOT NULL,
    scope text NOT NULL,
    nonce text,
    code_challenge text,
    auth_time bigint NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    consumed_at bigint
);


--
-- Name: clients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.clients (
    id text NOT NULL,
    name text NOT NULL,
    secret_hash text,
    redirect_uris text NOT NULL,
    scopes text NOT NULL,
    is_public boolean NOT NULL,
    first_party boolean NOT NULL,
    app_flip boolean NOT NULL,
    rotate_refresh_tokens boolean NOT NULL,
    created_at bigint NOT NULL,
    resource_server boolean DEFAULT false NOT NULL,
    client_credentials boolean DEFAULT false NOT NULL
);


--
-- Name: grants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.grants (
    seq bigint NOT NULL,
    id text NOT NULL,
    account_id text NOT NULL,
    client_id text NOT NULL,
    scope text NOT NULL,
    created_at bigint NOT NULL,
    revoked_at bigint
);


--
-- Name: grants_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.grants_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: grants_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.grants_seq_seq OWNED BY public.grants.seq;


--
-- Name: identities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.identities (
    id text NOT NULL,
    account_id text NOT NULL,
    provider text NOT NULL,
    subject text NOT NULL,
    email text,
    email_verified boolean NOT NULL,
    is_private_email boolean NOT NULL,
    real_user_status bigint,
    email_reachable boolean NOT NULL,
    first_sign_in_at bigint NOT NULL,
    last_sign_in_at bigint NOT NULL
);


--
-- Name: interactions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.interactions (
    id text NOT NULL,
    request bytea NOT NULL,
    account_id text,
    csrf_secret bytea NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL
);


--
-- Name: login_attempts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.login_attempts (
    key text NOT NULL,
    failures integer NOT NULL,
    last_failure bigint NOT NULL,
    blocked_until bigint NOT NULL
);


--
-- Name: notification_receipts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notification_receipts (
    jti text NOT NULL,
    received_at bigint NOT NULL
);


--
-- Name: one_time_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.one_time_tokens (
    hash text NOT NULL,
    purpose text NOT NULL,
    account_id text NOT NULL,
    email text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint
);


--
-- Name: outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.outbox (
    seq bigint NOT NULL,
    id text NOT NULL,
    kind text NOT NULL,
    account_id text,
    recipient text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    status text NOT NULL,
    attempts bigint NOT NULL,
    unknown_outcomes bigint NOT NULL,
    next_attempt_at bigint NOT NULL,
    last_outcome text,
    created_at bigint NOT NULL,
    sent_at bigint
);


--
-- Name: outbox_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.outbox_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: outbox_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.outbox_seq_seq OWNED BY public.outbox.seq;


--
-- Name: password_credentials; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.password_credentials (
    account_id text NOT NULL,
    hash text NOT NULL
);


--
-- Name: pending_revocations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pending_revocations (
    id text NOT NULL,
    provider text NOT NULL,
    encrypted_refresh_token bytea NOT NULL,
    attempts bigint NOT NULL,
    next_attempt_at bigint NOT NULL,
    last_error text
);


--
-- Name: provider_holds; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_holds (
    provider text NOT NULL,
    subject text NOT NULL,
    reason text NOT NULL,
    since bigint NOT NULL
);


--
-- Name: refresh_lineage; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.refresh_lineage (
    hash text NOT NULL,
    parent_hash text NOT NULL,
    created_at bigint NOT NULL,
    used_at bigint
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    applied_at bigint NOT NULL
);


--
-- Name: security_event_receipts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.security_event_receipts (
    jti text NOT NULL,
    received_at bigint NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    hash text NOT NULL,
    account_id text NOT NULL,
    csrf_secret bytea NOT NULL,
    auth_time bigint NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL
);


--
-- Name: signing_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.signing_keys (
    kid text NOT NULL,
    algorithm text NOT NULL,
    encrypted_private_key bytea NOT NULL,
    public_jwk text NOT NULL,
    created_at bigint NOT NULL,
    retired_at bigint,
    remove_after bigint
);


--
-- Name: third_party_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.third_party_tokens (
    identity_id text NOT NULL,
    account_id text NOT NULL,
    provider text NOT NULL,
    encrypted_refresh_token bytea NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tokens (
    hash text NOT NULL,
    kind text NOT NULL,
    grant_id text NOT NULL,
    client_id text NOT NULL,
    account_id text NOT NULL,
    scope text NOT NULL,
    auth_time bigint NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint,
    revoked_at bigint,
    rotated_at bigint
);


--
-- Name: accounts seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts ALTER COLUMN seq SET DEFAULT nextval('public.accounts_seq_seq'::regclass);


--
-- Name: audit_events seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_events ALTER COLUMN seq SET DEFAULT nextval('public.audit_events_seq_seq'::regclass);


--
-- Name: grants seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants ALTER COLUMN seq SET DEFAULT nextval('public.grants_seq_seq'::regclass);


--
-- Name: outbox seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox ALTER COLUMN seq SET DEFAULT nextval('public.outbox_seq_seq'::regclass);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.accounts (seq, id, status, email, email_lower, email_verified, display_name, created_at) FROM stdin;
1	acc_h_7I9-EegB37N7Y0bGMpPg	active	alice@example.com	alice@example.com	f	Alice	1796402849422
2	acc_Jr2uTswy6JXmlNT1lfogwg	active	bob@gmail.com	bob@gmail.com	t	\N	1796402849667
\.


--
-- Data for Name: apple_transfers; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.apple_transfers (transfer_sub, account_id, identity_id, new_subject, completed_at) FROM stdin;
\.


--
-- Data for Name: audit_events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.audit_events (seq, id, "time", kind, account_id, client_id, detail) FROM stdin;
1	tYaacLGAFHDARS0i	1796402849118	client.added	\N	google	by cli
2	ECbOqSpsi5KQopcE	1796402849171	client.added	\N	app	by cli
3	pI9th4QRpRIxKjnm	1796402849422	account.created	acc_h_7I9-EegB37N7Y0bGMpPg	\N	provider=password
4	l17jkV5V1CW5oteBA9_frQ	1796402849629	login.success	acc_h_7I9-EegB37N7Y0bGMpPg	\N	
5	uOYf58X746ZvPsze3GqCfA	1796402849643	app_flip.allow	acc_h_7I9-EegB37N7Y0bGMpPg	google	
6	XygtikbdwkGlDYBS	1796402849667	account.created	acc_Jr2uTswy6JXmlNT1lfogwg	\N	provider=google
\.


--
-- Data for Name: authorization_codes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.authorization_codes (hash, grant_id, client_id, account_id, redirect_uri, scope, nonce, code_challenge, auth_time, created_at, expires_at, consumed_at) FROM stdin;
1hzx2pGN_XvBmlSRALYewjXBRzW6OuY51wy_JyQeAXY	grt_rIqv_0UNLotznkdMCgR0Eg	google	acc_h_7I9-EegB37N7Y0bGMpPg	https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast	["openid","devices"]	\N	\N	1796402849629	1796402849643	1796403449643	1796402849645
\.


--
-- Data for Name: clients; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.clients (id, name, secret_hash, redirect_uris, scopes, is_public, first_party, app_flip, rotate_refresh_tokens, created_at, resource_server, client_credentials) FROM stdin;
google	Google Home	tJegSlIOP9HIVBhSRbouj4_DnDx5glG3Gfu5s-Jc1m8	["https://oauth-redirect.googleusercontent.com/r/fixture-project","https://oauth-redirect-sandbox.googleusercontent.com/r/fixture-project","https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast","https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast.dev","https://oauth-redirect.googleusercontent.com/a/com.google.Chromecast.enterprise","https://oauth-redirect.googleusercontent.com/a/com.google.OPA","https://oauth-redirect.googleusercontent.com/a/com.google.OPA.dev","https://oauth-redirect.googleusercontent.com/a/com.google.OPA.enterprise","https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.Chromecast","https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.Chromecast.dev","https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.Chromecast.enterprise","https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.OPA","https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.OPA.dev","https://oauth-redirect-sandbox.googleusercontent.com/a/com.google.OPA.enterprise"]	["openid","devices"]	f	f	t	f	1796402849109	f	f
app	Smart Home App	\N	[]	["openid","email","profile"]	t	t	f	f	1796402849168	f	f
\.


--
-- Data for Name: grants; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.grants (seq, id, account_id, client_id, scope, created_at, revoked_at) FROM stdin;
1	grt_w4_XSXlI4gi-7rtTkZadNA	acc_h_7I9-EegB37N7Y0bGMpPg	app	["openid","email"]	1796402849629	\N
2	grt_rIqv_0UNLotznkdMCgR0Eg	acc_h_7I9-EegB37N7Y0bGMpPg	google	["openid","devices"]	1796402849643	\N
3	grt_6dy87l2UKCgMc81hrq4kiA	acc_Jr2uTswy6JXmlNT1lfogwg	app	["openid","email","profile"]	1796402849668	\N
\.


--
-- Data for Name: identities; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.identities (id, account_id, provider, subject, email, email_verified, is_private_email, real_user_status, email_reachable, first_sign_in_at, last_sign_in_at) FROM stdin;
idn_DNvVF5I5vqAatL0XkBdWcA	acc_h_7I9-EegB37N7Y0bGMpPg	password	alice@example.com	alice@example.com	f	f	\N	t	1796402849422	1796402849422
idn_pTL0Saet1Sej4JgH374aug	acc_Jr2uTswy6JXmlNT1lfogwg	google	fixture-google-sub	bob@gmail.com	t	f	\N	t	1796402849667	1796402849667
\.


--
-- Data for Name: interactions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.interactions (id, request, account_id, csrf_secret, created_at, expires_at) FROM stdin;
\.


--
-- Data for Name: login_attempts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.login_attempts (key, failures, last_failure, blocked_until) FROM stdin;
address:127.0.0.1	0	1796402849446	0
\.


--
-- Data for Name: notification_receipts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.notification_receipts (jti, received_at) FROM stdin;
\.


--
-- Data for Name: one_time_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.one_time_tokens (hash, purpose, account_id, email, created_at, expires_at, used_at) FROM stdin;
\.


--
-- Data for Name: outbox; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.outbox (seq, id, kind, account_id, recipient, subject, text_body, html_body, status, attempts, unknown_outcomes, next_attempt_at, last_outcome, created_at, sent_at) FROM stdin;
\.


--
-- Data for Name: password_credentials; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.password_credentials (account_id, hash) FROM stdin;
acc_h_7I9-EegB37N7Y0bGMpPg	$argon2id$v=19$m=65536,t=2,p=1$2a2X1yGk8N6+PmpHkTbhAw$4TJa8HHB1lSrXnrnm1LRit+1zdh8+2YVBTQNwZYFRFo
\.


--
-- Data for Name: pending_revocations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.pending_revocations (id, provider, encrypted_refresh_token, attempts, next_attempt_at, last_error) FROM stdin;
\.


--
-- Data for Name: provider_holds; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.provider_holds (provider, subject, reason, since) FROM stdin;
\.


--
-- Data for Name: refresh_lineage; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.refresh_lineage (hash, parent_hash, created_at, used_at) FROM stdin;
\.


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_migrations (version, applied_at) FROM stdin;
1	0
2	0
3	0
4	0
5	0
\.


--
-- Data for Name: security_event_receipts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.security_event_receipts (jti, received_at) FROM stdin;
\.


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sessions (hash, account_id, csrf_secret, auth_time, created_at, expires_at) FROM stdin;
\.


--
-- Data for Name: signing_keys; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.signing_keys (kid, algorithm, encrypted_private_key, public_jwk, created_at, retired_at, remove_after) FROM stdin;
Oo9rkBWYPnTqfl1y2wTiqWwtc3aVM-GB5X_yw96xVP0	RS256	\\xb76b43415fffeeb2828447ae326116646e435af0017a23d79f353d34fbc1e8ef6944c430d03106fed7d13b83c911b2f55925bef9021085e2bb5dad8529f5dce39dc8b0a5c581b85ab07663c2378e7ffb292ffb88f94dc1c089b9bd66baf6b8df3f48e3870da42c0a54ad2912dd42dcf3a0e690a1e7a856b9b0f90dfc3e8c684a1ee78a4f7c67f8e296c8c04f13852fb3db4bd378446b9c138610aad4b7ec95be14a2673a5d854f644d3384632f60373c6e01f051f462136691126e7e06ee38dde3e58275e66197feadbfa0c71fe68a52aa1c8774435c7098d2b13d4422598737a635128b656216ade4bdfb4b4e4d7b69811387d94be5014b131f0e5653c644555849fc9070412ebfc8da3d8878b03f2b00802c8eca97651683a98eb973c5d9ca2ab25c76079db5b3f91047adb3a4a42656a32d328f0b0814f8f59f1606f31f521516115f3ab986467bbd6803f14d0df2a83d786d38fcfb9e596c109de0a055087235a4970222a7042e9d7348464aa27222d0299070f27c23f20bb68b82edbf322316cc015f987388db7db241a35227b9dee6f25146839ba8e9060bdf73c59b9fce934c3b40cc94722e2b2749c4c27b820613772414accafa5857643f8ada4fd8fb35171f02ad81f286266f2b0e794b8a44282483e9032efa6d214f33fdc472937844af8d115b5b8364c2d983d3bc6f52fdd07c26820b7f6de53d4376c345e4e947b3046a0fbfbbe21888ee9b5efee69f87f60d6e0a8798ed915e45ccf2e511cecc3dda8b0ebbc192f5f3fbf1c3751c6b1531d80d00ce58e028bacfaef32015d2008c0b0f50f174cc135d237d58831d248eb80e68b73c794c478e7112c6f7fcb23dae6a7babc4496806591949a8115d3d215a6d1d48c4dbe0542786a7112ce424dde109b8550b2255920f8a75e55b6489f2ca90f7bb41582b730dec4ee8cf031c58d9077cb1c314e9404ad58ab3772d9549dfafddc045e3475f3ffac35623f06f463c82082d163c396e71bc59eafcfe1bd7442fbd0518e0047ddde694863c75b38b8be1937ffdf6190e191e50a7fdd05c2699ab53f97745df2328d56c658695054d11b4d6d9539f694bafc7117679b8a42fb52bf2f76cebe6382e758c3bbad2d0502ff0d4fa21e1665763eda2e1b7036743e4803c7a17b02fb251b7501439fee0fa6f91450025f2dad634d08d0df9efdfe3fa943ca5440ffd9ae8e12a560545b9cf15f0aeaad16a462f843ae793ef8c58d4f676608c5d644445c344925353ff1ab0dec5abaa01805d55c2f320e893a23307f15c6e11635a6c46d494d966ee44f7d025fb7d70105b3046ccc58e0154e4de2913327deaa8bea99f774b6d6e1d5f6d0468ba8531d0d1efbb2f535a6f0db836a7281771dbe5d6572c3aa7f24a21492d3deb54899d4b8fbe34b2d45980abdfa48fbe3d8dbac194d39f13a25282f822a479655b3df578cc96c807b4f319e3a7af32d5cd24224355df9f27e8c3aad05648d251b941c5f8d580cc2742517a376d38e9d4b96b7babc3b2cd981c57cbfc912a25c2f727b7af1c9ec23133f88c14d294e741a06899193c85602e240c4b5cdef6727bc193f31b7a97aff335e5af155c8f56bbfc264f21bfcc495d0b9d487ebaf51c88db98bbbe2c0fa0e4e9cb4cce8bc98621e6bed2f2dc2a4c8c831f05c920ac2c1260172217e2c5a99089415209c97da5da532492db80595053b023ec1c0adaa20c4d678def5bff16d2cc011b9e27fd4aee99cabca427c5f8e114703c36	{"alg":"RS256","e":"AQAB","kid":"Oo9rkBWYPnTqfl1y2wTiqWwtc3aVM-GB5X_yw96xVP0","kty":"RSA","n":"qRMhO4G7n7yZ-HBfSvWAragv9pxx3JhC3qYcbjmUcbGlPjKE5MwZd45a8cnJzXIuSiXYcOAIL_ji1x47pGWtJn73UeOe-I0n0yM-iyaDG6fSxSQ9MNfsinHLDSm_ETbN8r0IAhQYomljysc0gWy9dIO9Pc2FlDaXSKK8a37AgYUsqLxdz8yHASwclGUAtiJ4PJ5aQ7Uo91NHf1tb5HssiGPbFKDTt29C3Jgd6eY0Be0pQwpc41C9cOwX0kGJDkHZz0bwKHO2e-j5ys9--wTSU5VN5pvD_kheuPEIUJpIaR3l3tkbTLT6YQex0kOHUUqrchS8Z08wk7ehnLYClpw91Q","use":"sig"}	1796402848710	\N	\N
\.


--
-- Data for Name: third_party_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.third_party_tokens (identity_id, account_id, provider, encrypted_refresh_token, created_at) FROM stdin;
idn_pTL0Saet1Sej4JgH374aug	acc_Jr2uTswy6JXmlNT1lfogwg	google	\\x7f25b1c5f0a914c56fd1cddae1d0ea2f62d234a512fe0f213e74c64e3169a937a72188281e24ae5c4a127a21edfeca764277be3af6f32b432374b7cea626e76c8c52ad4d0b828feeedbd5bc39042a2c2bdc28fa5a79a1ad25778022e84135d7203fdff64fd4f8e4f894874524006956ac6666756c0065e4ee8758fbb473586b4b371ea2ea509d9e6bd81	1796402849667
\.


--
-- Data for Name: tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tokens (hash, kind, grant_id, client_id, account_id, scope, auth_time, created_at, expires_at, revoked_at, rotated_at) FROM stdin;
~01a241f4275du7PZmXJsy8LDIL3IFHllgQSOXIT9C_Aw49SDajNSR2E	access	grt_w4_XSXlI4gi-7rtTkZadNA	app	acc_h_7I9-EegB37N7Y0bGMpPg	["openid","email"]	1796402849629	1796402849629	1796406449629	\N	\N
~01a241f4275ezmkEYGAuE3nMrCxuZaynIvzGl6JZl_aTqbl0SZZtGdE	refresh	grt_w4_XSXlI4gi-7rtTkZadNA	app	acc_h_7I9-EegB37N7Y0bGMpPg	["openid","email"]	1796402849629	1796402849630	\N	\N	\N
~01a241f4276dPE6iygVcDHMyWM0w2GARRYP7Hr50Wjqy_rv3JTp_yLs	access	grt_rIqv_0UNLotznkdMCgR0Eg	google	acc_h_7I9-EegB37N7Y0bGMpPg	["openid","devices"]	1796402849629	1796402849645	1796406449645	\N	\N
~01a241f4276djPvlIUKm1W1_SGCv22H_ZX_imjJmp76z3Ew8joutulI	refresh	grt_rIqv_0UNLotznkdMCgR0Eg	google	acc_h_7I9-EegB37N7Y0bGMpPg	["openid","devices"]	1796402849629	1796402849645	\N	\N	\N
~01a241f42784DKLX15tSDVMTKqejv76PBye5b32FNn5ieelLt7nlgM8	refresh	grt_6dy87l2UKCgMc81hrq4kiA	app	acc_Jr2uTswy6JXmlNT1lfogwg	["openid","email","profile"]	1796402849668	1796402849668	\N	\N	\N
~01a241f42784wHJ3Hw9YsF1CivgHWtIWNBgSedzgWWJm3Wn6F4v1lxw	access	grt_6dy87l2UKCgMc81hrq4kiA	app	acc_Jr2uTswy6JXmlNT1lfogwg	["openid","email","profile"]	1796402849668	1796402849668	1796406449668	\N	\N
\.


--
-- Name: accounts_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.accounts_seq_seq', 3, false);


--
-- Name: audit_events_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_events_seq_seq', 7, false);


--
-- Name: grants_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.grants_seq_seq', 4, false);


--
-- Name: outbox_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.outbox_seq_seq', 1, false);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_seq_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_seq_key UNIQUE (seq);


--
-- Name: apple_transfers apple_transfers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.apple_transfers
    ADD CONSTRAINT apple_transfers_pkey PRIMARY KEY (transfer_sub);


--
-- Name: audit_events audit_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_events
    ADD CONSTRAINT audit_events_pkey PRIMARY KEY (seq);


--
-- Name: authorization_codes authorization_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_codes
    ADD CONSTRAINT authorization_codes_pkey PRIMARY KEY (hash);


--
-- Name: clients clients_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_pkey PRIMARY KEY (id);


--
-- Name: grants grants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants
    ADD CONSTRAINT grants_pkey PRIMARY KEY (id);


--
-- Name: grants grants_seq_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants
    ADD CONSTRAINT grants_seq_key UNIQUE (seq);


--
-- Name: identities identities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.identities
    ADD CONSTRAINT identities_pkey PRIMARY KEY (id);


--
-- Name: identities identities_provider_subject_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.identities
    ADD CONSTRAINT identities_provider_subject_key UNIQUE (provider, subject);


--
-- Name: interactions interactions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.interactions
    ADD CONSTRAINT interactions_pkey PRIMARY KEY (id);


--
-- Name: login_attempts login_attempts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_attempts
    ADD CONSTRAINT login_attempts_pkey PRIMARY KEY (key);


--
-- Name: notification_receipts notification_receipts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_receipts
    ADD CONSTRAINT notification_receipts_pkey PRIMARY KEY (jti);


--
-- Name: one_time_tokens one_time_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.one_time_tokens
    ADD CONSTRAINT one_time_tokens_pkey PRIMARY KEY (hash);


--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);


--
-- Name: outbox outbox_seq_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.outbox
    ADD CONSTRAINT outbox_seq_key UNIQUE (seq);


--
-- Name: password_credentials password_credentials_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_credentials
    ADD CONSTRAINT password_credentials_pkey PRIMARY KEY (account_id);


--
-- Name: pending_revocations pending_revocations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pending_revocations
    ADD CONSTRAINT pending_revocations_pkey PRIMARY KEY (id);


--
-- Name: provider_holds provider_holds_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_holds
    ADD CONSTRAINT provider_holds_pkey PRIMARY KEY (provider, subject);


--
-- Name: refresh_lineage refresh_lineage_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_lineage
    ADD CONSTRAINT refresh_lineage_pkey PRIMARY KEY (hash);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: security_event_receipts security_event_receipts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.security_event_receipts
    ADD CONSTRAINT security_event_receipts_pkey PRIMARY KEY (jti);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (hash);


--
-- Name: signing_keys signing_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.signing_keys
    ADD CONSTRAINT signing_keys_pkey PRIMARY KEY (kid);


--
-- Name: third_party_tokens third_party_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.third_party_tokens
    ADD CONSTRAINT third_party_tokens_pkey PRIMARY KEY (identity_id);


--
-- Name: tokens tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tokens
    ADD CONSTRAINT tokens_pkey PRIMARY KEY (hash);


--
-- Name: accounts_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_created ON public.accounts USING btree (created_at, seq);


--
-- Name: accounts_email_lower; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_email_lower ON public.accounts USING btree (email_lower) WHERE (status <> 'deleted'::text);


--
-- Name: apple_transfers_pending; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX apple_transfers_pending ON public.apple_transfers USING btree (transfer_sub) WHERE (completed_at IS NULL);


--
-- Name: audit_events_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_events_account ON public.audit_events USING btree (account_id, "time");


--
-- Name: audit_events_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_events_time ON public.audit_events USING btree ("time", seq);


--
-- Name: authorization_codes_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX authorization_codes_expiry ON public.authorization_codes USING btree (expires_at);


--
-- Name: authorization_codes_grant; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX authorization_codes_grant ON public.authorization_codes USING btree (grant_id);


--
-- Name: grants_account_client; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX grants_account_client ON public.grants USING btree (account_id, client_id);


--
-- Name: grants_client; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX grants_client ON public.grants USING btree (client_id);


--
-- Name: identities_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX identities_account ON public.identities USING btree (account_id);


--
-- Name: interactions_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX interactions_expiry ON public.interactions USING btree (expires_at);


--
-- Name: one_time_tokens_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX one_time_tokens_account ON public.one_time_tokens USING btree (account_id, purpose);


--
-- Name: outbox_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX outbox_due ON public.outbox USING btree (status, next_attempt_at);


--
-- Name: pending_revocations_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX pending_revocations_due ON public.pending_revocations USING btree (next_attempt_at);


--
-- Name: refresh_lineage_parent; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX refresh_lineage_parent ON public.refresh_lineage USING btree (parent_hash);


--
-- Name: sessions_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_account ON public.sessions USING btree (account_id);


--
-- Name: sessions_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_expiry ON public.sessions USING btree (expires_at);


--
-- Name: third_party_tokens_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX third_party_tokens_account ON public.third_party_tokens USING btree (account_id);


--
-- Name: third_party_tokens_provider; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX third_party_tokens_provider ON public.third_party_tokens USING btree (provider);


--
-- Name: tokens_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tokens_expiry ON public.tokens USING btree (expires_at) WHERE (expires_at IS NOT NULL);


--
-- Name: tokens_grant; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tokens_grant ON public.tokens USING btree (grant_id);


--
-- Name: authorization_codes authorization_codes_grant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.authorization_codes
    ADD CONSTRAINT authorization_codes_grant_id_fkey FOREIGN KEY (grant_id) REFERENCES public.grants(id);


--
-- Name: grants grants_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grants
    ADD CONSTRAINT grants_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: identities identities_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.identities
    ADD CONSTRAINT identities_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: one_time_tokens one_time_tokens_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.one_time_tokens
    ADD CONSTRAINT one_time_tokens_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: password_credentials password_credentials_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.password_credentials
    ADD CONSTRAINT password_credentials_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: sessions sessions_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: third_party_tokens third_party_tokens_identity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.third_party_tokens
    ADD CONSTRAINT third_party_tokens_identity_id_fkey FOREIGN KEY (identity_id) REFERENCES public.identities(id) ON DELETE CASCADE;


--
-- Name: tokens tokens_grant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tokens
    ADD CONSTRAINT tokens_grant_id_fkey FOREIGN KEY (grant_id) REFERENCES public.grants(id);


--
-- PostgreSQL database dump complete
--

\unrestrict mnb2Pz6SFbW5L5FhRCmgUnq1CrVmUanEccN9lwY3KMBeqj46h9M6jedeYcEW4ap

