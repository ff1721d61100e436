--
-- PostgreSQL database dump
--

\restrict w9IshI9fMa8iyQ7zIhEFnSjZyKOwAwcVF1UrxbKJaB16O9auv7XyvGoxyw8gUQH

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
    status public.device_status NOT NULL
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
6c77bd6afea5
\.


--
-- Data for Name: attach_handles; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attach_handles (created_at, updated_at, id, uuid, deployable_id, cpid_id, in_use, attach_type, attach_info) FROM stdin;
2026-11-23 21:42:44.873286	\N	3	d8a65eb9-eec1-46ac-82d6-71811c0bb5d3	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 21:42:44.88065	\N	4	acd06b96-e0ce-4aad-b3d0-1f029cc02247	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 21:42:44.883728	\N	5	91212492-332e-4a8a-a9d7-9ad6dcfb9aef	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 21:42:44.885831	\N	6	230d05ef-15c3-4adf-bc81-4c61b2a79029	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 21:42:44.892694	\N	7	3d90a19b-5f24-4bc2-b1dc-dedc7a092108	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 21:42:44.89571	\N	8	fd5c8518-bd4b-4928-9aee-0ec59af917fa	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 21:42:44.903742	\N	9	ca19f33a-c0ab-422d-8b30-28a4e7f7108e	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 21:42:44.924916	\N	10	51899421-13ef-49c9-ae8e-bfef9a6204e3	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 21:42:44.928123	\N	11	4b6dac4f-3b2d-439b-b428-99ecb5841ac0	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 21:42:44.938979	\N	12	b4d0ed1e-98f0-46ee-87fe-c9a2968de1be	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 21:42:44.951985	\N	13	e5acb57c-628d-4b39-b7b3-0c60995ae013	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 21:42:44.963942	\N	14	45f2a5ee-28da-4a04-b8be-088374d52f20	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 21:42:44.978753	\N	15	7c787565-208f-444f-81b4-4c1456c0da85	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 21:42:44.984877	\N	16	b0f666be-2ddb-4e01-b66e-f390055351bb	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 21:42:45.652714	\N	17	0b4d898a-83f6-4b4f-98e1-15b85abb021f	2	2	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:45.957793	\N	18	5c46ef5b-b01c-4e05-bfbd-f6d7e669b292	3	3	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 21:42:46.145322	\N	19	3cea8aa5-a9d4-4709-b980-2604cead87ea	4	4	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 21:42:46.449197	\N	21	de9bc5cf-15fb-4821-b971-05842af90d6b	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_1"}
2026-11-23 21:42:46.48654	\N	22	ed8498b5-db41-4d53-8b6b-34b027e35bf7	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_2"}
2026-11-23 21:42:46.505392	\N	23	d95090f2-90fd-428a-b884-3d15c264ab25	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_3"}
2026-11-23 21:42:46.533456	\N	24	83952148-e4fd-43cd-8732-35d115f6d67a	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_4"}
2026-11-23 21:42:46.55614	\N	25	34a1d91d-2ccd-4e5e-b9c2-2b13d3aec7f3	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_5"}
2026-11-23 21:42:46.578622	\N	26	9ced0651-825f-4292-b1e3-f441c6ada240	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_6"}
2026-11-23 21:42:46.624057	\N	27	fd4f0dec-f390-4bb2-a95b-6581fd1d8f42	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_7"}
2026-11-23 21:42:46.642768	\N	28	a55158df-8007-4f62-a771-441cd1cf6c60	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_8"}
2026-11-23 21:42:46.665131	\N	29	b6e48f16-78a5-445d-a254-c29a3837352f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_9"}
2026-11-23 21:42:46.692152	\N	30	9a6b131c-9f49-4483-9a62-cf92fda5e0cf	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_10"}
2026-11-23 21:42:46.724743	\N	31	f500dd77-a9fe-4bf3-adab-44e96303551d	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_11"}
2026-11-23 21:42:46.734141	\N	32	a4b3db1f-d1f2-466e-9641-62be6f8bed24	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_12"}
2026-11-23 21:42:46.752577	\N	33	700bfed1-26a2-437a-b46a-fe296b82b693	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_13"}
2026-11-23 21:42:46.773102	\N	34	fa4f44c2-65fc-46d1-85c4-50f6df7dda7c	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_14"}
2026-11-23 21:42:46.799524	\N	35	3bceb7d4-ec3c-4916-b82d-bc4871bea8ed	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_15"}
2026-11-23 21:42:46.988177	\N	36	0d83d86f-d0f0-426e-bb0a-0718b2785626	6	6	f	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:47.176294	\N	37	57c33eb7-9c42-403b-8809-b886c636bba1	7	7	f	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:47.452375	\N	38	d089ea6e-16da-4b64-82d5-9286da8d7384	8	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "1"}
2026-11-23 21:42:47.514408	\N	39	e4c5ff10-a578-4e9a-b0e6-125502db9853	9	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "0"}
2026-11-23 21:42:47.930648	\N	41	43aeef13-1c11-4385-a0bc-2d86f8170583	10	9	f	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 21:42:48.179878	\N	42	bfe2523a-8c76-4983-a062-a3a7b52c9914	11	10	f	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 21:42:47.908156	2026-11-23 21:42:49.815561	40	055c1f10-d03a-418d-b7a5-893e4c881304	10	9	t	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:44.863055	2026-11-23 21:42:50.141237	2	5e06bed3-0ce6-417e-9cd8-4f065d615d91	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 21:42:48.400369	\N	44	9e3e89a0-72aa-4e10-b324-14661034e7b7	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 21:42:48.425807	\N	45	a99831a2-1c04-48be-b399-2d44b5c73d67	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 21:42:48.449519	\N	46	c17ce32c-ab50-4d1b-b689-fc5b275f0249	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 21:42:48.461943	\N	47	a6d22062-8cde-4c2b-ad90-9abe4813f4b5	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 21:42:48.485315	\N	48	77592968-61c2-4022-a40d-689e52e15c1f	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 21:42:48.508809	\N	49	6da9e93d-a104-4a8a-bca4-c8ec4456cfc7	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 21:42:48.528126	\N	50	10b9b755-0041-4839-b30a-28df439b9f7b	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 21:42:48.543101	\N	51	7168eb7e-5808-42e1-80d0-99487b14ecef	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 21:42:48.564247	\N	52	ea8dc39d-9b80-480c-8df9-5909b5da1909	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 21:42:48.590178	\N	53	0bed82af-f891-41f6-b1b5-79092e681831	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 21:42:48.605554	\N	54	7cc53732-3f8a-4056-b4a3-3cc11f6423a1	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 21:42:48.611775	\N	55	79623c61-caa0-4c56-b03e-1d7e01c3d0cd	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 21:42:48.636096	\N	56	a678d1fd-04dd-4834-824d-33ad50d70f72	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 21:42:48.642026	\N	57	d32b5cd6-241b-4b42-9446-59ae876f5823	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 21:42:48.668099	\N	58	abb6a35d-386a-4e5b-a31f-736b18f77149	12	11	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 21:42:44.848797	2026-11-23 21:42:49.017121	1	17a5b793-56fb-4492-9d7c-cf627d1fe019	1	1	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
2026-11-23 21:42:46.431213	2026-11-23 21:42:49.216914	20	49e6bdcc-9d9d-42a1-ad54-15e05789c2fc	5	5	t	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_0"}
2026-11-23 21:42:48.35562	2026-11-23 21:42:49.5773	43	f11cf14f-3526-43bc-819d-7039605e8b65	12	11	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
\.


--
-- Data for Name: attributes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attributes (created_at, updated_at, id, uuid, deployable_id, key, value) FROM stdin;
2026-11-23 21:42:44.81685	\N	1	d43270b4-2d44-49f3-9fcf-b11fb20ae8f7	1	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 21:42:44.839813	\N	2	a9eecad8-98a1-4063-a071-0836a3f8f677	1	rc	FPGA
2026-11-23 21:42:45.556265	\N	3	5b6225bc-be2d-4c2d-85bd-550c06154780	2	rc	PGPU
2026-11-23 21:42:45.57626	\N	4	9f9e2f7f-4461-48f5-bb3d-905d0e07344d	2	trait0	OWNER_CYBORG
2026-11-23 21:42:45.599324	\N	5	ffea7d1b-8f85-4235-a177-659c76add72b	2	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 21:42:45.864238	\N	6	414451a1-99d0-4734-8ceb-8ba9371dbb42	3	rc	PGPU
2026-11-23 21:42:45.891044	\N	7	c82320b4-fa6f-42ef-81ab-095456d5c85a	3	trait0	OWNER_CYBORG
2026-11-23 21:42:45.922252	\N	8	7ba06315-3bb6-4734-a353-a3e3fc3a75f7	3	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 21:42:46.073308	\N	9	c635bad7-a1a0-4137-8a2b-84fedc4152b7	4	rc	PGPU
2026-11-23 21:42:46.097201	\N	10	8b5379f4-6f26-4b86-85dc-6a76e252744d	4	trait0	OWNER_CYBORG
2026-11-23 21:42:46.117914	\N	11	8c963763-e0f2-4f33-9334-50d4f452ad73	4	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 21:42:46.316103	\N	12	b9277e48-af83-4e06-975a-a45c845bacc5	5	rc	VGPU
2026-11-23 21:42:46.338324	\N	13	45054180-9180-478e-8c95-322348e81e45	5	trait0	OWNER_CYBORG
2026-11-23 21:42:46.390846	\N	14	da0b16c3-f5ca-4aff-ad9c-55dad04d02a9	5	trait1	CUSTOM_NVIDIA_1EB8_T4_1B
2026-11-23 21:42:46.923275	\N	15	2793cb43-d0fd-4a95-beb6-2aa81fba6e00	6	rc	PGPU
2026-11-23 21:42:46.956349	\N	16	806d831a-50ed-4128-92cd-15a5d88a0b3e	6	trait0	OWNER_CYBORG
2026-11-23 21:42:46.965463	\N	17	8500fb85-c115-46bf-8180-80da39c1b104	6	trait1	CUSTOM_NVIDIA_26B5
2026-11-23 21:42:47.128131	\N	18	623d84c5-5561-4573-98d4-d948d7b852d8	7	rc	PGPU
2026-11-23 21:42:47.137396	\N	19	66a988b1-d961-4763-8568-ceeb646640cc	7	trait0	OWNER_CYBORG
2026-11-23 21:42:47.162418	\N	20	f1f11d55-9f73-4b40-b138-9f7be277fea0	7	trait1	CUSTOM_NVIDIA_1DB4
2026-11-23 21:42:47.420475	\N	21	b9ac453b-2c95-4c08-9697-ce7fe75f541f	8	rc	CUSTOM_QAT
2026-11-23 21:42:47.500295	\N	22	1ec7e9fe-9236-466e-a0d4-36a3d118919b	9	rc	CUSTOM_QAT
2026-11-23 21:42:47.824525	\N	23	2993511b-02d5-461f-80f4-3104b1f4e793	10	rc	FPGA
2026-11-23 21:42:47.849752	\N	24	3f4c5137-f639-4b24-9c34-c4f0751c120a	10	trait0	CUSTOM_FPGA_XILINX
2026-11-23 21:42:47.880073	\N	25	53fe3aa3-735f-42b5-ac78-c33c4a024d41	10	trait1	CUSTOM_FPGA_PRODUCT_ID_5004
2026-11-23 21:42:48.104506	\N	26	48cb156f-41e5-4deb-a059-25bcbd3b8d59	11	trait0	CUSTOM_FPGA_INTEL
2026-11-23 21:42:48.117496	\N	27	94b184e4-774b-4b7a-8f29-e0c4afe2927c	11	trait1	CUSTOM_FPGA_INTEL_PAC_ARRIA10
2026-11-23 21:42:48.129248	\N	28	fb33699f-5fea-4650-93d5-9fdb49d392f0	11	trait2	CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A
2026-11-23 21:42:48.13719	\N	29	9601921e-556a-4db4-817e-a86fec7928e2	11	rc	FPGA
2026-11-23 21:42:48.163991	\N	30	1fa6bd63-272f-4322-b887-57bc0106a4e7	11	trait2	CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF
2026-11-23 21:42:48.340747	\N	31	4458ec9e-c1b0-4570-af80-e50eb6a0b803	12	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 21:42:48.347983	\N	32	52eda4af-a69c-4c96-a131-792394cffb0a	12	rc	FPGA
\.


--
-- Data for Name: controlpath_ids; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.controlpath_ids (created_at, updated_at, id, uuid, device_id, cpid_type, cpid_info) FROM stdin;
2026-11-23 21:42:44.772568	\N	1	7f3af030-762e-49fb-914f-4c8c324489db	1	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
2026-11-23 21:42:45.51216	\N	2	2e28ca70-69fd-4853-a77e-99980d9194cc	2	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:45.823781	\N	3	0bbd5e13-e48d-4805-9d68-91c0852c96e3	3	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 21:42:46.046471	\N	4	2be5114a-e6fb-489e-ba62-157f081505e5	4	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 21:42:46.266626	\N	5	4ba7d320-f80e-4bc7-b74e-22f403abf48b	5	PCI	{"bus": "af", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:46.891359	\N	6	6bd0ecf2-b778-4ffb-83b1-8171e83a7eec	6	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:47.07997	\N	7	3b6db4aa-ba9c-424f-81aa-38aece3085a2	7	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:47.353548	\N	8	51856643-87ad-4392-aeb5-d4b55863d05b	8	PCI	{"bus": "3d", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:47.792359	\N	9	1b528f68-779d-40c4-ad8d-cc1d0553a711	9	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:48.077742	\N	10	84af9453-d070-476a-923f-6d4dcff476d2	10	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:42:48.292052	\N	11	21a6dc08-0f4a-4c77-bf42-63d00d65cf42	11	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
\.


--
-- Data for Name: deployables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.deployables (created_at, updated_at, id, uuid, parent_id, root_id, name, num_accelerators, device_id, rp_uuid, driver_name, bitstream_id) FROM stdin;
2026-11-23 21:42:44.794445	2026-11-23 21:42:45.345397	1	0b72cf45-3860-4fa9-9c69-41ac08ac8e96	\N	\N	compute1_FakeDevice	16	1	f9d7848a-7688-361f-8e4b-3e58185de5fe	fake	\N
2026-11-23 21:42:45.535254	2026-11-23 21:42:45.720837	2	531d002b-68c1-4d75-90fe-fba34fe48818	\N	\N	compute1_0000:41:00.0	1	2	c0b5a384-b671-3610-a5fa-8aaac1e4e28f	NVIDIA	\N
2026-11-23 21:42:45.831263	2026-11-23 21:42:45.995233	3	b6389a2c-08d2-48f2-8d5b-ad2779c863f8	\N	\N	compute1_0000:41:00.4	1	3	1d966ca7-e533-3d42-a95d-c164a1465fd2	NVIDIA	\N
2026-11-23 21:42:46.061298	2026-11-23 21:42:46.215335	4	84f137b5-e734-4283-8996-217d1a2b5207	\N	\N	compute1_0000:41:00.5	1	4	15339227-6a5b-3b70-aa3a-b9364a442f6b	NVIDIA	\N
2026-11-23 21:42:46.292463	2026-11-23 21:42:46.83762	5	41050f65-23af-4875-9f09-8a4305a1b497	\N	\N	compute1_0000:af:00.0	16	5	5b0dd8ca-0827-3ef3-804e-232d0228a582	NVIDIA	\N
2026-11-23 21:42:46.907973	2026-11-23 21:42:47.027596	6	e4e93f78-3730-4932-ab27-544bc3e1e5b0	\N	\N	compute1_0000:c1:00.0	1	6	c37b349a-37fb-31d2-8d0d-d6c618a6c39e	NVIDIA	\N
2026-11-23 21:42:47.120254	2026-11-23 21:42:47.214244	7	0c4c1ed5-70b6-4c56-bcf7-916fe9dbd1ce	\N	\N	compute1_0000:d1:00.0	1	7	695e4372-15af-37bc-99a1-0a93a2663c57	NVIDIA	\N
2026-11-23 21:42:47.394208	2026-11-23 21:42:47.568837	8	77a29624-ab8f-4273-a40e-dfdafa40ac36	\N	\N	compute1_0000:3d:01.1	1	8	33e4514d-bab1-30b9-9046-eab9e609b06e	intel	\N
2026-11-23 21:42:47.480214	2026-11-23 21:42:47.601636	9	7edff82a-46d9-46ed-b67c-56eccf78368a	\N	\N	compute1_0000:3d:01.0	1	8	77b749ba-0b21-3675-9107-c005f4581500	intel	\N
2026-11-23 21:42:47.81244	2026-11-23 21:42:47.973521	10	5230749b-4dda-4464-8c4a-45802ce2e669	\N	\N	compute1_0000:3b:00.0	1	9	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	XILINX	\N
2026-11-23 21:42:48.095913	2026-11-23 21:42:48.24189	11	18edc13b-500c-45d9-8f73-8a5905308bbe	\N	\N	compute1_0000:86:00.1	1	10	4fd160ea-ee72-3306-9e97-9f382077469a	intel	\N
2026-11-23 21:42:48.320215	2026-11-23 21:42:48.727616	12	38a63a8b-9962-4f69-9d2f-cb5b649f450e	\N	\N	compute2_FakeDevice	16	11	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	fake	\N
\.


--
-- Data for Name: device_profiles; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.device_profiles (created_at, updated_at, id, uuid, name, profile_json, description) FROM stdin;
2026-11-23 21:42:48.742321	\N	1	27bfc505-266b-4161-82b4-5ba5decb261f	fpga	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FAKE_DEVICE": "required"}]}	A fake FPGA
2026-11-23 21:42:48.791914	\N	2	d99f104a-7c77-4e37-a462-eab25c829b5c	xilinx	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FPGA_XILINX": "required"}]}	An Alveo card
2026-11-23 21:42:48.807763	\N	3	7d745eb2-1a5b-410b-a4c3-2c5093b45ada	vgpu	{"groups": [{"resources:VGPU": "1", "trait:CUSTOM_NVIDIA_1EB8_T4_1B": "required"}]}	A T4 vGPU
2026-11-23 21:42:48.827845	\N	4	b7dbce88-f741-4714-a822-7b7a2526a260	pgpu	{"groups": [{"resources:PGPU": "1"}]}	A whole GPU
2026-11-23 21:42:48.841135	\N	5	a5bc063a-bbb6-4df3-9fc3-7bc6d8a9e60c	qat	{"groups": [{"resources:CUSTOM_QAT": "1"}]}	\N
2026-11-23 21:42:48.863884	\N	6	d0bbe30c-089c-4808-be42-07b1c77bed7b	fpga-and-pci	{"groups": [{"resources:FPGA": "1"}, {"resources:CUSTOM_PCI": "1", "trait:CUSTOM_PCI_PRODUCT_ID_1044": "required"}]}	Two groups
\.


--
-- Data for Name: devices; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.devices (created_at, updated_at, id, uuid, type, vendor, model, std_board_info, vendor_board_info, hostname, status) FROM stdin;
2026-11-23 21:42:44.759928	\N	1	c1a53f3d-f0da-4e6f-9021-79fb34b5c9f0	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute1.example.org	enabled
2026-11-23 21:42:45.499612	\N	2	57556a7e-fbc9-48e0-a186-9d48346011b1	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:45.742787	\N	3	4923289c-2dac-446e-b39f-abd21e034298	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:46.011846	\N	4	964c4c2d-f6e4-4081-9315-52a74946c2a3	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:46.236004	\N	5	ce991dad-93ef-487b-a140-c433f4590f42	GPU	10de	NVIDIA Corporation Device	{"product_id": "1eb8", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:46.864343	\N	6	41f6ddf9-70de-407d-99b4-4d9f007fb2bd	GPU	10de	NVIDIA Corporation Device	{"product_id": "26b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:47.047845	\N	7	23ca3609-142d-4732-98b6-94d5c2aeff4c	GPU	10de	NVIDIA Corporation Device	{"product_id": "1db4", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:47.332967	\N	8	7cd3cde9-01f9-4350-9d98-4fd5b5f1f77b	QAT	0x8086	miss_model_info	{"product_id": "0x37c8"}	miss_vb_info	compute1.example.org	enabled
2026-11-23 21:42:47.77352	\N	9	1bd27466-e91f-4cd9-9639-67b5d63f9d92	FPGA	10ee	Xilinx Corporation Device	{"product_id": "5004", "controller": "Processing accelerators"}	{"vendor_info": "fpga_vb_info"}	compute1.example.org	enabled
2026-11-23 21:42:48.056163	\N	10	7d674a16-b957-40e1-95ae-37e48e8910f6	FPGA	0x8086	miss_model_info	{"product_id": "0x09c4"}	miss_vb_info	compute1.example.org	enabled
2026-11-23 21:42:48.263677	\N	11	b69317e5-cbf5-43fb-9475-99e76961127a	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute2	enabled
\.


--
-- Data for Name: extended_accelerator_requests; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.extended_accelerator_requests (created_at, updated_at, id, uuid, project_id, state, device_profile_id, hostname, device_rp_uuid, attach_handle_id, substate, deployable_id, device_profile_group_id, instance_uuid) FROM stdin;
2026-11-23 21:42:48.877647	2026-11-23 21:42:49.07623	1	1f0f902d-8e4e-4078-b81f-5ac2a23e461d	\N	Bound	1	compute1.example.org	f9d7848a-7688-361f-8e4b-3e58185de5fe	1	Initial	1	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01
2026-11-23 21:42:49.163001	2026-11-23 21:42:49.405126	2	df6e8aa0-cc52-453a-9f99-8fdb8b805a38	\N	Bound	3	compute1.example.org	5b0dd8ca-0827-3ef3-804e-232d0228a582	20	Initial	5	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02
2026-11-23 21:42:49.49015	2026-11-23 21:42:49.632719	3	363fd3fb-2780-4875-a1e1-332c4ac996dd	\N	Bound	1	compute2	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	43	Initial	12	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03
2026-11-23 21:42:49.720987	2026-11-23 21:42:49.852129	4	1b89829f-e9d9-4f38-b8d4-87c429e1c4d7	\N	Bound	2	compute1.example.org	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	40	Initial	10	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06
2026-11-23 21:42:49.920536	\N	5	8402b8be-02c4-4e87-826e-2027897ff9e2	\N	Initial	5	\N	\N	\N	Initial	\N	0	\N
2026-11-23 21:42:49.94043	2026-11-23 21:42:50.155116	6	1ab06615-3cac-4d0f-8426-def762701b88	\N	Unbound	1	\N	\N	\N	Initial	\N	0	\N
2026-11-23 21:42:50.192125	2026-11-23 21:42:50.289706	7	31883d55-eaae-42fb-92d0-7b128d84bb3a	\N	BindFailed	1	compute2	\N	\N	Initial	\N	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04
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

SELECT pg_catalog.setval('public.attach_handles_id_seq', 58, true);


--
-- Name: attributes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.attributes_id_seq', 32, true);


--
-- Name: controlpath_ids_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.controlpath_ids_id_seq', 11, true);


--
-- Name: deployables_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.deployables_id_seq', 12, true);


--
-- Name: device_profiles_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.device_profiles_id_seq', 6, true);


--
-- Name: devices_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.devices_id_seq', 11, true);


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

\unrestrict w9IshI9fMa8iyQ7zIhEFnSjZyKOwAwcVF1UrxbKJaB16O9auv7XyvGoxyw8gUQH

