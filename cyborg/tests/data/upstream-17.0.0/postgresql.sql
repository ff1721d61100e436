--
-- PostgreSQL database dump
--

\restrict 2KEkviq1lk3q0ozJKsz4YJQYkhgjWgxTnEtVTRmgpkrLr4ifNFpkSzXbCcKAYWK

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

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

--
-- Name: attach_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.attach_type AS ENUM (
    'PCI',
    'MDEV',
    'TEST_PCI'
);


--
-- Name: cpid_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.cpid_type AS ENUM (
    'PCI'
);


--
-- Name: device_state; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.device_state AS ENUM (
    'available',
    'allocated',
    'pending_cleaning',
    'cleaning',
    'error'
);


--
-- Name: device_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.device_status AS ENUM (
    'enabled',
    'maintaining'
);


--
-- Name: device_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.device_type AS ENUM (
    'GPU',
    'FPGA',
    'AICHIP',
    'QAT',
    'NIC',
    'SSD',
    'MDEV',
    'PCI',
    'NVME'
);


--
-- Name: state; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.state AS ENUM (
    'Initial',
    'BindStarted',
    'Bound',
    'BindFailed',
    'Unbound',
    'Deleting'
);


--
-- Name: substate; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.substate AS ENUM (
    'Initial'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alembic_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alembic_version (
    version_num character varying(32) NOT NULL
);


--
-- Name: attach_handles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attach_handles (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    deployable_id integer NOT NULL,
    cpid_id integer NOT NULL,
    in_use boolean,
    attach_type public.attach_type NOT NULL,
    attach_info character varying(255) NOT NULL
);


--
-- Name: attach_handles_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.attach_handles_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: attach_handles_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.attach_handles_id_seq OWNED BY public.attach_handles.id;


--
-- Name: attributes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attributes (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    deployable_id integer NOT NULL,
    key text NOT NULL,
    value text NOT NULL
);


--
-- Name: attributes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.attributes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: attributes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.attributes_id_seq OWNED BY public.attributes.id;


--
-- Name: controlpath_ids; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.controlpath_ids (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    device_id integer NOT NULL,
    cpid_type public.cpid_type NOT NULL,
    cpid_info character varying(255) NOT NULL
);


--
-- Name: controlpath_ids_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.controlpath_ids_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: controlpath_ids_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.controlpath_ids_id_seq OWNED BY public.controlpath_ids.id;


--
-- Name: deployables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.deployables (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    parent_id integer,
    root_id integer,
    name character varying(255) NOT NULL,
    num_accelerators integer NOT NULL,
    device_id integer NOT NULL,
    rp_uuid character varying(36),
    driver_name character varying(100),
    bitstream_id character varying(36)
);


--
-- Name: deployables_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.deployables_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: deployables_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.deployables_id_seq OWNED BY public.deployables.id;


--
-- Name: device_profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.device_profiles (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    name character varying(255) NOT NULL,
    profile_json text NOT NULL,
    description text
);


--
-- Name: device_profiles_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.device_profiles_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: device_profiles_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.device_profiles_id_seq OWNED BY public.device_profiles.id;


--
-- Name: devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.devices (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    type public.device_type NOT NULL,
    vendor character varying(255) NOT NULL,
    model character varying(255) NOT NULL,
    std_board_info text,
    vendor_board_info text,
    hostname character varying(255) NOT NULL,
    status public.device_status NOT NULL,
    device_state public.device_state
);


--
-- Name: devices_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.devices_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: devices_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.devices_id_seq OWNED BY public.devices.id;


--
-- Name: extended_accelerator_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.extended_accelerator_requests (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    project_id character varying(255),
    state public.state NOT NULL,
    device_profile_id integer NOT NULL,
    hostname character varying(255),
    device_rp_uuid character varying(36),
    attach_handle_id integer,
    substate public.substate NOT NULL,
    deployable_id integer,
    device_profile_group_id integer NOT NULL,
    instance_uuid character varying(36)
);


--
-- Name: extended_accelerator_requests_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.extended_accelerator_requests_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: extended_accelerator_requests_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.extended_accelerator_requests_id_seq OWNED BY public.extended_accelerator_requests.id;


--
-- Name: quota_usages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.quota_usages (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    project_id character varying(255),
    user_id character varying(255),
    resource character varying(255) NOT NULL,
    in_use integer NOT NULL,
    reserved integer NOT NULL,
    until_refresh integer
);


--
-- Name: quota_usages_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.quota_usages_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: quota_usages_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.quota_usages_id_seq OWNED BY public.quota_usages.id;


--
-- Name: reservations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reservations (
    created_at timestamp without time zone,
    updated_at timestamp without time zone,
    id integer NOT NULL,
    uuid character varying(36) NOT NULL,
    usage_id integer NOT NULL,
    project_id character varying(255),
    user_id character varying(255),
    resource character varying(255),
    delta integer NOT NULL,
    expire timestamp without time zone
);


--
-- Name: reservations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reservations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: reservations_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.reservations_id_seq OWNED BY public.reservations.id;


--
-- Name: attach_handles id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attach_handles ALTER COLUMN id SET DEFAULT nextval('public.attach_handles_id_seq'::regclass);


--
-- Name: attributes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attributes ALTER COLUMN id SET DEFAULT nextval('public.attributes_id_seq'::regclass);


--
-- Name: controlpath_ids id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.controlpath_ids ALTER COLUMN id SET DEFAULT nextval('public.controlpath_ids_id_seq'::regclass);


--
-- Name: deployables id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deployables ALTER COLUMN id SET DEFAULT nextval('public.deployables_id_seq'::regclass);


--
-- Name: device_profiles id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_profiles ALTER COLUMN id SET DEFAULT nextval('public.device_profiles_id_seq'::regclass);


--
-- Name: devices id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.devices ALTER COLUMN id SET DEFAULT nextval('public.devices_id_seq'::regclass);


--
-- Name: extended_accelerator_requests id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.extended_accelerator_requests ALTER COLUMN id SET DEFAULT nextval('public.extended_accelerator_requests_id_seq'::regclass);


--
-- Name: quota_usages id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quota_usages ALTER COLUMN id SET DEFAULT nextval('public.quota_usages_id_seq'::regclass);


--
-- Name: reservations id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reservations ALTER COLUMN id SET DEFAULT nextval('public.reservations_id_seq'::regclass);


--
-- Data for Name: alembic_version; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.alembic_version (version_num) FROM stdin;
b47c8f2d1e3a
\.


--
-- Data for Name: attach_handles; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attach_handles (created_at, updated_at, id, uuid, deployable_id, cpid_id, in_use, attach_type, attach_info) FROM stdin;
2026-11-23 06:57:00.716328	\N	3	4c36fa96-189b-43e1-a9dc-0d4c0a49b148	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 06:57:00.745591	\N	4	dbf74ae4-b136-4804-848a-034ca67d7995	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 06:57:00.780952	\N	5	ea15ab4e-6de3-4805-9c47-ad24a451f808	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 06:57:00.818874	\N	6	a2f5ba28-77e8-4c39-97ea-44a9fce8cee4	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 06:57:00.849636	\N	7	156c4fc2-5ffc-46ef-9fdd-c736db219ca5	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 06:57:00.8836	\N	8	9d365556-ce88-4855-bf61-b12eb73d1184	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 06:57:00.910512	\N	9	e6589014-e25b-4ff6-9d63-e14bdeafd05b	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 06:57:00.929642	\N	10	5f662d4a-79f7-4bff-b7a3-28a13ca712d1	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 06:57:00.958364	\N	11	25b31896-a50e-4fe0-a59f-2493c7842345	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 06:57:00.990394	\N	12	0ab77f7c-df75-4e58-b41a-ad30f3cfa130	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 06:57:01.033411	\N	13	6926c824-f7a3-4f7b-b4c3-2898f133d61b	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 06:57:01.066494	\N	14	f46fbc4a-0b82-495b-8511-820ca1b5552d	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 06:57:01.088052	\N	15	c851e27d-72c5-4408-b8bb-15cddd009286	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 06:57:01.122334	\N	16	508f743d-650f-428a-9bfd-3a91cd0065ed	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 06:57:01.727013	\N	17	39f99e2f-0b11-4b23-803f-873cf92f7b01	2	2	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:01.902577	\N	18	150a0357-fe62-47d1-9ccd-19739f4ec6c9	3	3	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 06:57:02.083092	\N	19	aca07601-39a7-4dc6-b1e1-09cfdf708975	4	4	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 06:57:02.28969	\N	21	5c36175f-8017-42cf-a475-69866dc28049	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_1"}
2026-11-23 06:57:02.314385	\N	22	716b76f7-70fc-43e1-b741-b6c136d95b84	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_2"}
2026-11-23 06:57:02.340237	\N	23	5555cc3b-7f89-4afe-b83f-eca7f549864f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_3"}
2026-11-23 06:57:02.359385	\N	24	23c53fcd-b9e8-4120-8c18-f3b7fea1daac	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_4"}
2026-11-23 06:57:02.37098	\N	25	d747d0e9-dde6-4b00-bbe6-ba15bd9e2cef	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_5"}
2026-11-23 06:57:02.383444	\N	26	bbf4b2f7-a05f-4a75-a141-7310311c3596	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_6"}
2026-11-23 06:57:02.405341	\N	27	775733b8-9a09-4dad-88df-8ed949ed104f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_7"}
2026-11-23 06:57:02.414274	\N	28	b44560a6-197f-4713-9791-7bfa1655e1eb	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_8"}
2026-11-23 06:57:02.439569	\N	29	cad2a100-2a7d-48a7-b8ef-5a484cb49828	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_9"}
2026-11-23 06:57:02.44957	\N	30	18634f08-4780-432f-92c1-8207d6f955e7	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_10"}
2026-11-23 06:57:02.469811	\N	31	1fb1fe1d-721d-42cf-996b-21dafd016cd6	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_11"}
2026-11-23 06:57:02.495377	\N	32	bbb6511b-bb9b-4d57-a331-897aea46ba04	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_12"}
2026-11-23 06:57:02.530311	\N	33	e7c6c708-aaa3-4c36-9e84-1f4e32222112	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_13"}
2026-11-23 06:57:02.553997	\N	34	38d35d86-5376-4959-98b1-de0cd6aa7fa7	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_14"}
2026-11-23 06:57:02.566723	\N	35	e203906a-e427-442a-a628-eca8d345b1f1	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_15"}
2026-11-23 06:57:02.803687	\N	36	503b81e8-0d61-4923-bd2e-f179fa81c27c	6	6	f	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:02.950609	\N	37	7a253303-f8b7-49cb-9d10-4cb5e240dd3a	7	7	f	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:03.147663	\N	38	f82a376b-0ad0-4008-a7db-649743e9f576	8	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "1"}
2026-11-23 06:57:03.265204	\N	39	0607f94e-822b-4786-93c2-a631a222167d	9	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "0"}
2026-11-23 06:57:03.718492	\N	41	0eb2ffdb-fd07-48fa-9fcc-744ca955bdf6	10	9	f	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 06:57:03.893291	\N	42	d1258552-5e0a-47d2-be06-72df3dc87b2d	11	10	f	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 06:57:03.702402	2026-11-23 06:57:05.761329	40	3218662b-ba0a-4dc3-a7b9-2d048b486076	10	9	t	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:00.678762	2026-11-23 06:57:06.091659	2	2239c721-a85c-46ce-894e-4c7a2dc67031	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 06:57:04.26419	\N	43	de5b657b-2437-4256-8e29-0a54d2e75e1f	12	11	f	PCI	{"bus": "00", "device": "05", "domain": "0000", "function": "0"}
2026-11-23 06:57:04.451116	\N	44	3cadd732-8ec8-42a2-9cc2-325c907310e7	13	12	f	PCI	{"bus": "90", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:04.633462	\N	46	dd93e5e9-ffe3-4dad-9dd1-803c17565983	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 06:57:04.649346	\N	47	d2ca9b37-6cbb-488a-b326-495bb7b635e3	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 06:57:04.658502	\N	48	cb7b932e-c6f3-4091-a922-ac680d316099	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 06:57:04.678209	\N	49	08999a98-04d7-4218-b503-6178502d69b5	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 06:57:04.696974	\N	50	23a53bdf-ba1e-4349-9555-d221266be5c4	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 06:57:04.713794	\N	51	d4277d70-8daa-40cf-a221-84dc00f34762	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 06:57:04.73947	\N	52	27ce85ea-94f4-4234-9e90-42d595dcabbd	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 06:57:04.774997	\N	53	f483d5e9-932c-4d0d-b518-c5440e2ac110	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 06:57:04.783589	\N	54	4e840147-243c-4f5c-a4ed-0f3904a7ab76	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 06:57:04.791695	\N	55	597fac93-530b-4f0a-9356-2d7c1f75a280	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 06:57:04.803614	\N	56	7f43acff-7bd4-48a5-b95e-462a0776f5b4	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 06:57:04.815406	\N	57	239f0365-c11f-4b0f-acb5-ddca0182a0bb	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 06:57:04.827008	\N	58	e4b2e638-9ca2-4428-8087-26dd5ddaded1	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 06:57:04.843083	\N	59	bcdf7fbc-06fb-4eea-982e-5ebf4b01b86f	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 06:57:04.854894	\N	60	0da8c57a-95a3-4135-b82c-d52a6db6844b	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 06:57:00.620774	2026-11-23 06:57:05.087339	1	3df91f0d-07e0-49b8-b7d7-070423a595de	1	1	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
2026-11-23 06:57:02.278271	2026-11-23 06:57:05.251732	20	439b9efa-ef1b-407a-8895-adb17d029cda	5	5	t	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_0"}
2026-11-23 06:57:04.619661	2026-11-23 06:57:05.588386	45	1c1799cd-45c2-48bf-b458-6c76844276ed	14	13	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
\.


--
-- Data for Name: attributes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attributes (created_at, updated_at, id, uuid, deployable_id, key, value) FROM stdin;
2026-11-23 06:57:00.539582	\N	1	906bce16-6c43-46e0-bf1f-6bfa12cfbc37	1	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 06:57:00.589165	\N	2	1e47abf3-12f3-442c-90f4-bc0d9093a726	1	rc	FPGA
2026-11-23 06:57:01.69034	\N	3	8227c894-728b-42a3-811e-db97932c4b29	2	rc	PGPU
2026-11-23 06:57:01.706393	\N	4	0ce5be7b-1aa5-4910-a3a3-9dca665f5831	2	trait0	OWNER_CYBORG
2026-11-23 06:57:01.710219	\N	5	1937292b-7fdb-4dbe-980f-c0914e899248	2	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 06:57:01.840113	\N	6	c3709221-a296-4efc-b408-f03b8960f598	3	rc	PGPU
2026-11-23 06:57:01.857446	\N	7	2555e8ee-2abc-4696-a24f-431593a0e9f1	3	trait0	OWNER_CYBORG
2026-11-23 06:57:01.866088	\N	8	adf9a320-6b9f-417d-8d4f-95b27f936177	3	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 06:57:02.016491	\N	9	02b754f8-abfe-4459-9535-efd39510487b	4	rc	PGPU
2026-11-23 06:57:02.047906	\N	10	452d68d0-477b-4c0a-ac85-89ce293b83e2	4	trait0	OWNER_CYBORG
2026-11-23 06:57:02.063151	\N	11	8cbd525f-dc42-426e-a902-1ce027067789	4	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 06:57:02.209765	\N	12	152ba4a7-629b-49d1-821c-fe9230074542	5	rc	VGPU
2026-11-23 06:57:02.240906	\N	13	d934021d-2e30-4858-a3b4-36c112ec1ea0	5	trait0	OWNER_CYBORG
2026-11-23 06:57:02.257495	\N	14	dff1b6b1-173a-49ec-823c-05e497b78f82	5	trait1	CUSTOM_NVIDIA_1EB8_T4_1B
2026-11-23 06:57:02.731879	\N	15	9fd940bc-d463-437d-b78d-326507bff09c	6	rc	PGPU
2026-11-23 06:57:02.758993	\N	16	14158450-ad9b-4e04-ae5b-57e5bd7957fa	6	trait0	OWNER_CYBORG
2026-11-23 06:57:02.795814	\N	17	5d26b32a-a637-4c8e-8306-2073c4c47634	6	trait1	CUSTOM_NVIDIA_26B5
2026-11-23 06:57:02.911851	\N	18	89908032-a42f-4f1b-a5ce-2ca3ffca2c52	7	rc	PGPU
2026-11-23 06:57:02.924728	\N	19	e68710e5-fa91-49fb-81e4-d728b4f40033	7	trait0	OWNER_CYBORG
2026-11-23 06:57:02.935588	\N	20	c3b56727-847d-4721-97e6-bfd2887c98f5	7	trait1	CUSTOM_NVIDIA_1DB4
2026-11-23 06:57:03.126523	\N	21	4c115f55-8f14-41f5-b133-bc3f72eb343f	8	rc	CUSTOM_QAT
2026-11-23 06:57:03.238688	\N	22	bbbadaa3-c115-4c9d-9aca-8da81f29924c	9	rc	CUSTOM_QAT
2026-11-23 06:57:03.63789	\N	23	71a71fac-a753-47dc-b604-9d6a8dd2555d	10	rc	FPGA
2026-11-23 06:57:03.661934	\N	24	30854587-b53c-49fe-88c3-fe8d4b8c6d0e	10	trait0	CUSTOM_FPGA_XILINX
2026-11-23 06:57:03.678262	\N	25	2d39b300-95db-40f2-8ef4-c0a29d90fbb1	10	trait1	CUSTOM_FPGA_PRODUCT_ID_5004
2026-11-23 06:57:03.842571	\N	26	856f1306-020b-44cb-93ab-902f30918818	11	trait0	CUSTOM_FPGA_INTEL
2026-11-23 06:57:03.851215	\N	27	b28cb70a-20de-4b38-96dc-759b7db4a749	11	trait1	CUSTOM_FPGA_INTEL_PAC_ARRIA10
2026-11-23 06:57:03.862519	\N	28	079acaba-b0bc-4d82-8294-a42a7bb81766	11	trait2	CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A
2026-11-23 06:57:03.878244	\N	29	da275bc4-86c6-4bae-b54c-bdff60470578	11	rc	FPGA
2026-11-23 06:57:03.887927	\N	30	174e6b58-2e54-44cc-a0a2-27702d058596	11	trait2	CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF
2026-11-23 06:57:04.17237	\N	31	d981b12e-36ce-46fe-b5af-20788edda010	12	rc	CUSTOM_PCI
2026-11-23 06:57:04.190508	\N	32	144736d4-49ec-491d-99fd-28fb40660d4e	12	trait0	OWNER_CYBORG
2026-11-23 06:57:04.244321	\N	33	a3422dcf-658b-4d8e-bbd5-bd80f5e67f0f	12	trait1	CUSTOM_PCI_PRODUCT_ID_1044
2026-11-23 06:57:04.405207	\N	34	c55b39f8-e3f0-4dfc-abcb-40c0576a0697	13	rc	CUSTOM_PCI
2026-11-23 06:57:04.424061	\N	35	cf8e87b6-008c-4889-9fbe-90c98a19180c	13	trait0	OWNER_CYBORG
2026-11-23 06:57:04.429918	\N	36	4463732d-68b1-43d4-9d83-0e427366b243	13	trait1	CUSTOM_PCI_PRODUCT_ID_14DC
2026-11-23 06:57:04.585788	\N	37	60dadafc-4496-40e7-9a84-3330e63d360e	14	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 06:57:04.606198	\N	38	185ff799-4615-4b6b-9a75-46cc5de7855b	14	rc	FPGA
\.


--
-- Data for Name: controlpath_ids; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.controlpath_ids (created_at, updated_at, id, uuid, device_id, cpid_type, cpid_info) FROM stdin;
2026-11-23 06:57:00.441384	\N	1	53cce2b8-3612-4808-b657-3238a1c382f4	1	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
2026-11-23 06:57:01.652693	\N	2	de9f5b32-8fff-46c6-9be1-cb28e52360c0	2	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:01.801101	\N	3	2bb7e21c-fedc-4f9d-84e2-0f10569569e0	3	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 06:57:01.98935	\N	4	b109e74f-567d-40ad-8457-18ea6ab1f04e	4	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 06:57:02.169479	\N	5	ff5c2047-3a85-4c87-b774-e57af4235681	5	PCI	{"bus": "af", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:02.678614	\N	6	67bd2dab-b8ff-465e-9115-a70415ade2f0	6	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:02.890241	\N	7	c1004615-5d83-4001-bef6-274e1d7e2483	7	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:03.080402	\N	8	4b10d3e9-c918-45e1-b351-c409a9d0127c	8	PCI	{"bus": "3d", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:03.593857	\N	9	e8e40dab-0e1f-44ba-8850-635fdbec02e8	9	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:03.815329	\N	10	79236475-5288-4f66-8214-fc75f8739c02	10	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:04.13417	\N	11	c882da0c-4069-4139-aaff-a2090ef5b772	11	PCI	{"bus": "00", "device": "05", "domain": "0000", "function": "0"}
2026-11-23 06:57:04.354278	\N	12	b167f8e2-6aa0-4cfb-89aa-5fa954e86df8	12	PCI	{"bus": "90", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:57:04.548645	\N	13	e1a3c5f7-2847-4397-b337-19ca9e5f8881	13	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
\.


--
-- Data for Name: deployables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.deployables (created_at, updated_at, id, uuid, parent_id, root_id, name, num_accelerators, device_id, rp_uuid, driver_name, bitstream_id) FROM stdin;
2026-11-23 06:57:00.507338	2026-11-23 06:57:01.25528	1	bbee7936-6574-4394-b294-1edf3161e23b	\N	\N	compute1_FakeDevice	16	1	f9d7848a-7688-361f-8e4b-3e58185de5fe	fake	\N
2026-11-23 06:57:01.666214	2026-11-23 06:57:01.768464	2	2149a2b9-8f38-4832-b916-1c11aad9c199	\N	\N	compute1_0000:41:00.0	1	2	c0b5a384-b671-3610-a5fa-8aaac1e4e28f	NVIDIA	\N
2026-11-23 06:57:01.826006	2026-11-23 06:57:01.952644	3	37d84ffa-a657-4452-832a-87b7c421b1dd	\N	\N	compute1_0000:41:00.4	1	3	1d966ca7-e533-3d42-a95d-c164a1465fd2	NVIDIA	\N
2026-11-23 06:57:02.002352	2026-11-23 06:57:02.130621	4	96dc30a2-be7a-493f-ba3b-9bcd5423f0a3	\N	\N	compute1_0000:41:00.5	1	4	15339227-6a5b-3b70-aa3a-b9364a442f6b	NVIDIA	\N
2026-11-23 06:57:02.189618	2026-11-23 06:57:02.626524	5	7f579441-02ab-4acf-aaf0-17d998983d35	\N	\N	compute1_0000:af:00.0	16	5	5b0dd8ca-0827-3ef3-804e-232d0228a582	NVIDIA	\N
2026-11-23 06:57:02.71054	2026-11-23 06:57:02.846849	6	b4a93139-2809-48c0-902b-ccbf12aee630	\N	\N	compute1_0000:c1:00.0	1	6	c37b349a-37fb-31d2-8d0d-d6c618a6c39e	NVIDIA	\N
2026-11-23 06:57:02.90261	2026-11-23 06:57:03.007734	7	719d225d-6241-4dad-af1b-ba17c38f9576	\N	\N	compute1_0000:d1:00.0	1	7	695e4372-15af-37bc-99a1-0a93a2663c57	NVIDIA	\N
2026-11-23 06:57:03.103138	2026-11-23 06:57:03.362456	8	19a27274-c934-4e51-a60d-52af7032f32c	\N	\N	compute1_0000:3d:01.1	1	8	33e4514d-bab1-30b9-9046-eab9e609b06e	intel	\N
2026-11-23 06:57:03.196479	2026-11-23 06:57:03.400491	9	08a321d1-0cde-49f6-bb63-4bfe94ab254e	\N	\N	compute1_0000:3d:01.0	1	8	77b749ba-0b21-3675-9107-c005f4581500	intel	\N
2026-11-23 06:57:03.612184	2026-11-23 06:57:03.753184	10	2d67bd00-53a8-4d17-b916-4131d9efab49	\N	\N	compute1_0000:3b:00.0	1	9	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	XILINX	\N
2026-11-23 06:57:03.824513	2026-11-23 06:57:03.926006	11	2338f75d-eed3-4388-a40a-d9196c584cd1	\N	\N	compute1_0000:86:00.1	1	10	4fd160ea-ee72-3306-9e97-9f382077469a	intel	\N
2026-11-23 06:57:04.154885	2026-11-23 06:57:04.318665	12	78a69884-11cf-4a47-968b-ba3c9af7f528	\N	\N	compute1_0000:00:05.0	1	11	e1144223-d92d-37a3-b4b7-918d548aced7	1AF4	\N
2026-11-23 06:57:04.383061	2026-11-23 06:57:04.496942	13	3fede402-9230-4e73-bd86-9b50c165821e	\N	\N	compute1_0000:90:00.0	1	12	447f53a1-73d7-3faf-84ab-72d398fabb6e	1022	\N
2026-11-23 06:57:04.567001	2026-11-23 06:57:04.899289	14	649a4145-efad-4c48-bd2b-fbca183d1c31	\N	\N	compute2_FakeDevice	16	13	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	fake	\N
\.


--
-- Data for Name: device_profiles; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.device_profiles (created_at, updated_at, id, uuid, name, profile_json, description) FROM stdin;
2026-11-23 06:57:04.921638	\N	1	f4d745d6-7f78-41d4-ae5f-7e824b127fcd	fpga	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FAKE_DEVICE": "required"}]}	A fake FPGA
2026-11-23 06:57:04.932561	\N	2	2e6f74c9-5b6a-401c-94a1-7f75e9bd0f46	xilinx	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FPGA_XILINX": "required"}]}	An Alveo card
2026-11-23 06:57:04.954114	\N	3	0c921324-32af-47a3-8b28-8d94e96840f9	vgpu	{"groups": [{"resources:VGPU": "1", "trait:CUSTOM_NVIDIA_1EB8_T4_1B": "required"}]}	A T4 vGPU
2026-11-23 06:57:04.969073	\N	4	314171e5-4374-4fda-ac39-534aa3a9d8aa	pgpu	{"groups": [{"resources:PGPU": "1"}]}	A whole GPU
2026-11-23 06:57:04.976707	\N	5	aed078fe-b684-44ee-9a54-b60c0648923b	qat	{"groups": [{"resources:CUSTOM_QAT": "1"}]}	\N
2026-11-23 06:57:04.982389	\N	6	b8be6302-30bf-42fd-be1f-4daf7e4632b9	fpga-and-pci	{"groups": [{"resources:FPGA": "1"}, {"resources:CUSTOM_PCI": "1", "trait:CUSTOM_PCI_PRODUCT_ID_1044": "required"}]}	Two groups
\.


--
-- Data for Name: devices; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.devices (created_at, updated_at, id, uuid, type, vendor, model, std_board_info, vendor_board_info, hostname, status, device_state) FROM stdin;
2026-11-23 06:57:00.367925	\N	1	3c37d289-8e4d-4ac9-a3c5-2c988bd826cd	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute1.example.org	enabled	available
2026-11-23 06:57:01.626718	\N	2	11113bab-f332-4111-872e-229dfa26844f	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:01.786155	\N	3	a11c3fbc-60d7-4360-88a0-f0c5be64850f	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:01.97154	\N	4	27e4f442-639f-4e3a-80b8-b15cded941c9	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:02.151576	\N	5	aea55899-b216-47a9-a70d-c4c74591edf1	GPU	10de	NVIDIA Corporation Device	{"product_id": "1eb8", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:02.647144	\N	6	72fdb646-e887-4c72-b429-513b68be0646	GPU	10de	NVIDIA Corporation Device	{"product_id": "26b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:02.882926	\N	7	704ca07a-e53a-49ad-b48d-f50fbd4b799e	GPU	10de	NVIDIA Corporation Device	{"product_id": "1db4", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:03.045966	\N	8	3f2e2e2f-9ea5-4ec8-9608-28e965ab2116	QAT	0x8086	miss_model_info	{"product_id": "0x37c8"}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:57:03.57284	\N	9	d813065c-34f6-486c-8f6d-a3972461b183	FPGA	10ee	Xilinx Corporation Device	{"product_id": "5004", "controller": "Processing accelerators"}	{"vendor_info": "fpga_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:57:03.804888	\N	10	275f312b-a4b8-403d-8ae5-6f0e3cc5a246	FPGA	0x8086	miss_model_info	{"product_id": "0x09c4"}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:57:04.094543	\N	11	576c673f-89e1-41b9-93ac-45ef93f2991b	GPU	1af4	1044	{"product_id": "1044", "controller": null}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:57:04.332024	\N	12	07c3eb2d-7b2d-4588-aa6d-fb449adb76dc	GPU	1022	14dc	{"product_id": "14dc", "controller": null}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:57:04.524661	\N	13	a935f369-71c6-464c-ba38-6300f2de85a1	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute2	enabled	available
\.


--
-- Data for Name: extended_accelerator_requests; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.extended_accelerator_requests (created_at, updated_at, id, uuid, project_id, state, device_profile_id, hostname, device_rp_uuid, attach_handle_id, substate, deployable_id, device_profile_group_id, instance_uuid) FROM stdin;
2026-11-23 06:57:04.992585	2026-11-23 06:57:05.126244	1	464ed13f-f85f-432d-a53f-cd9f85fbd30b	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	1	compute1.example.org	f9d7848a-7688-361f-8e4b-3e58185de5fe	1	Initial	1	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01
2026-11-23 06:57:05.223283	2026-11-23 06:57:05.360013	2	34d6f112-2f5f-418b-9a14-d2c800568b4f	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	3	compute1.example.org	5b0dd8ca-0827-3ef3-804e-232d0228a582	20	Initial	5	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02
2026-11-23 06:57:05.458207	2026-11-23 06:57:05.635137	3	3ff8eedb-b7af-4302-860f-6f75c6e81c1e	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	1	compute2	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	45	Initial	14	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03
2026-11-23 06:57:05.682163	2026-11-23 06:57:05.79595	4	6f3a5e6b-1068-451b-8d7a-775239bc4e28	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	2	compute1.example.org	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	40	Initial	10	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06
2026-11-23 06:57:05.843405	\N	5	d1053b71-7a7a-4235-81ec-8f16bb20c55b	a1b2c3d4e5f60718293a4b5c6d7e8f90	Initial	5	\N	\N	\N	Initial	\N	0	\N
2026-11-23 06:57:05.870385	2026-11-23 06:57:06.106255	6	b6797d3e-6c90-4818-b91a-7e8161b8aa85	a1b2c3d4e5f60718293a4b5c6d7e8f90	Unbound	1	\N	\N	\N	Initial	\N	0	\N
2026-11-23 06:57:06.138444	2026-11-23 06:57:06.335297	7	3397f075-312b-4065-8103-a9de11993ded	a1b2c3d4e5f60718293a4b5c6d7e8f90	BindFailed	1	compute2	\N	\N	Initial	\N	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04
\.


--
-- Data for Name: quota_usages; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.quota_usages (created_at, updated_at, id, project_id, user_id, resource, in_use, reserved, until_refresh) FROM stdin;
\.


--
-- Data for Name: reservations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.reservations (created_at, updated_at, id, uuid, usage_id, project_id, user_id, resource, delta, expire) FROM stdin;
\.


--
-- Name: attach_handles_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.attach_handles_id_seq', 60, true);


--
-- Name: attributes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.attributes_id_seq', 38, true);


--
-- Name: controlpath_ids_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.controlpath_ids_id_seq', 13, true);


--
-- Name: deployables_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.deployables_id_seq', 14, true);


--
-- Name: device_profiles_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.device_profiles_id_seq', 6, true);


--
-- Name: devices_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.devices_id_seq', 13, true);


--
-- Name: extended_accelerator_requests_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.extended_accelerator_requests_id_seq', 7, true);


--
-- Name: quota_usages_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.quota_usages_id_seq', 1, false);


--
-- Name: reservations_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.reservations_id_seq', 1, false);


--
-- Name: alembic_version alembic_version_pkc; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);


--
-- Name: attach_handles attach_handles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attach_handles
    ADD CONSTRAINT attach_handles_pkey PRIMARY KEY (id);


--
-- Name: attach_handles attach_handles_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attach_handles
    ADD CONSTRAINT attach_handles_uuid_key UNIQUE (uuid);


--
-- Name: attributes attributes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attributes
    ADD CONSTRAINT attributes_pkey PRIMARY KEY (id);


--
-- Name: attributes attributes_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attributes
    ADD CONSTRAINT attributes_uuid_key UNIQUE (uuid);


--
-- Name: controlpath_ids controlpath_ids_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.controlpath_ids
    ADD CONSTRAINT controlpath_ids_pkey PRIMARY KEY (id);


--
-- Name: controlpath_ids controlpath_ids_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.controlpath_ids
    ADD CONSTRAINT controlpath_ids_uuid_key UNIQUE (uuid);


--
-- Name: deployables deployables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deployables
    ADD CONSTRAINT deployables_pkey PRIMARY KEY (id);


--
-- Name: deployables deployables_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deployables
    ADD CONSTRAINT deployables_uuid_key UNIQUE (uuid);


--
-- Name: device_profiles device_profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_profiles
    ADD CONSTRAINT device_profiles_pkey PRIMARY KEY (id);


--
-- Name: devices devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_pkey PRIMARY KEY (id);


--
-- Name: devices devices_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_uuid_key UNIQUE (uuid);


--
-- Name: extended_accelerator_requests extended_accelerator_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.extended_accelerator_requests
    ADD CONSTRAINT extended_accelerator_requests_pkey PRIMARY KEY (id);


--
-- Name: extended_accelerator_requests extended_accelerator_requests_uuid_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.extended_accelerator_requests
    ADD CONSTRAINT extended_accelerator_requests_uuid_key UNIQUE (uuid);


--
-- Name: quota_usages quota_usages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.quota_usages
    ADD CONSTRAINT quota_usages_pkey PRIMARY KEY (id);


--
-- Name: reservations reservations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_pkey PRIMARY KEY (id);


--
-- Name: device_profiles uniq_device_profiles0name; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_profiles
    ADD CONSTRAINT uniq_device_profiles0name UNIQUE (name);


--
-- Name: device_profiles uniq_device_profiles0uuid; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.device_profiles
    ADD CONSTRAINT uniq_device_profiles0uuid UNIQUE (uuid);


--
-- Name: attach_handles_cpid_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX attach_handles_cpid_id_idx ON public.attach_handles USING btree (cpid_id);


--
-- Name: attach_handles_deployable_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX attach_handles_deployable_id_idx ON public.attach_handles USING btree (deployable_id);


--
-- Name: deployables_device_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX deployables_device_id_idx ON public.deployables USING btree (device_id);


--
-- Name: deployables_parent_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX deployables_parent_id_idx ON public.deployables USING btree (parent_id);


--
-- Name: deployables_root_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX deployables_root_id_idx ON public.deployables USING btree (root_id);


--
-- Name: extArqs_attach_handle_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "extArqs_attach_handle_id_idx" ON public.extended_accelerator_requests USING btree (attach_handle_id);


--
-- Name: extArqs_deployable_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "extArqs_deployable_id_idx" ON public.extended_accelerator_requests USING btree (deployable_id);


--
-- Name: extArqs_device_profile_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "extArqs_device_profile_id_idx" ON public.extended_accelerator_requests USING btree (device_profile_id);


--
-- Name: extArqs_device_rp_uuid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "extArqs_device_rp_uuid_idx" ON public.extended_accelerator_requests USING btree (device_rp_uuid);


--
-- Name: extArqs_instance_uuid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "extArqs_instance_uuid_idx" ON public.extended_accelerator_requests USING btree (instance_uuid);


--
-- Name: extArqs_project_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX "extArqs_project_id_idx" ON public.extended_accelerator_requests USING btree (project_id);


--
-- Name: ix_attributes_deployable_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_attributes_deployable_id ON public.attributes USING btree (deployable_id);


--
-- Name: ix_controlpath_ids_device_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_controlpath_ids_device_id ON public.controlpath_ids USING btree (device_id);


--
-- Name: ix_quota_usages_project_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_quota_usages_project_id ON public.quota_usages USING btree (project_id);


--
-- Name: ix_quota_usages_user_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_quota_usages_user_id ON public.quota_usages USING btree (user_id);


--
-- Name: ix_reservations_project_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_reservations_project_id ON public.reservations USING btree (project_id);


--
-- Name: ix_reservations_user_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_reservations_user_id ON public.reservations USING btree (user_id);


--
-- Name: reservations_uuid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reservations_uuid_idx ON public.reservations USING btree (uuid);


--
-- Name: attach_handles attach_handles_cpid_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attach_handles
    ADD CONSTRAINT attach_handles_cpid_id_fkey FOREIGN KEY (cpid_id) REFERENCES public.controlpath_ids(id) ON DELETE RESTRICT;


--
-- Name: attach_handles attach_handles_deployable_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attach_handles
    ADD CONSTRAINT attach_handles_deployable_id_fkey FOREIGN KEY (deployable_id) REFERENCES public.deployables(id) ON DELETE RESTRICT;


--
-- Name: attributes attributes_deployable_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attributes
    ADD CONSTRAINT attributes_deployable_id_fkey FOREIGN KEY (deployable_id) REFERENCES public.deployables(id) ON DELETE RESTRICT;


--
-- Name: controlpath_ids controlpath_ids_device_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.controlpath_ids
    ADD CONSTRAINT controlpath_ids_device_id_fkey FOREIGN KEY (device_id) REFERENCES public.devices(id) ON DELETE RESTRICT;


--
-- Name: deployables deployables_device_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deployables
    ADD CONSTRAINT deployables_device_id_fkey FOREIGN KEY (device_id) REFERENCES public.devices(id) ON DELETE RESTRICT;


--
-- Name: deployables deployables_parent_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deployables
    ADD CONSTRAINT deployables_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.deployables(id) ON DELETE CASCADE;


--
-- Name: deployables deployables_root_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deployables
    ADD CONSTRAINT deployables_root_id_fkey FOREIGN KEY (root_id) REFERENCES public.deployables(id) ON DELETE CASCADE;


--
-- Name: extended_accelerator_requests extended_accelerator_requests_attach_handle_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.extended_accelerator_requests
    ADD CONSTRAINT extended_accelerator_requests_attach_handle_id_fkey FOREIGN KEY (attach_handle_id) REFERENCES public.attach_handles(id) ON DELETE RESTRICT;


--
-- Name: extended_accelerator_requests extended_accelerator_requests_deployable_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.extended_accelerator_requests
    ADD CONSTRAINT extended_accelerator_requests_deployable_id_fkey FOREIGN KEY (deployable_id) REFERENCES public.deployables(id) ON DELETE RESTRICT;


--
-- Name: extended_accelerator_requests extended_accelerator_requests_device_profile_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.extended_accelerator_requests
    ADD CONSTRAINT extended_accelerator_requests_device_profile_id_fkey FOREIGN KEY (device_profile_id) REFERENCES public.device_profiles(id) ON DELETE RESTRICT;


--
-- Name: reservations reservations_usage_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_usage_id_fkey FOREIGN KEY (usage_id) REFERENCES public.quota_usages(id);


--
-- PostgreSQL database dump complete
--

\unrestrict 2KEkviq1lk3q0ozJKsz4YJQYkhgjWgxTnEtVTRmgpkrLr4ifNFpkSzXbCcKAYWK

