--
-- PostgreSQL database dump
--

\restrict P2Us3R4kDav8UrP4VzqL7ZfR6zfwcZ3E86UvY3qEirjAPFb12hekVCJo1J84rWw

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
2026-11-23 21:38:28.512056	\N	3	1bc842ab-b554-4eeb-9517-98dde12e6388	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 21:38:28.568003	\N	4	b719ea6f-4ead-4ada-a931-3d7d64e23ec6	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 21:38:28.603981	\N	5	0cd2572b-927b-456a-ae98-615cb82cefeb	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 21:38:28.664	\N	6	2debd4ed-73f6-4c1c-8603-9c6dfa0dbb8a	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 21:38:28.689244	\N	7	b65bd9fa-fee7-4a87-8dd8-889bc9cab3e4	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 21:38:28.727913	\N	8	af5e04a0-ed7a-4c6c-a6b5-008eaf0e9a8c	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 21:38:28.765636	\N	9	66019285-9be0-446a-bca2-4f00f1bfdf87	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 21:38:28.83756	\N	10	b0c25476-8744-4952-b4e5-6e5085d04967	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 21:38:28.920077	\N	11	de96144d-2759-46c5-a8b6-3f4e961e8d60	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 21:38:28.964021	\N	12	576eda18-8ace-45e4-9f3f-4f59f033a06e	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 21:38:28.999972	\N	13	58d44678-fa1e-4d5d-83f4-1c1474fb06d3	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 21:38:29.027151	\N	14	c2c4b7e7-c634-4dee-aff6-9c2c70e7fa47	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 21:38:29.066871	\N	15	ff7aa70c-4bdc-4616-92d5-8f91dd2729cb	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 21:38:29.104005	\N	16	c6f246b8-7a13-4c06-84d0-9dd8d7820b3e	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 21:38:30.93216	\N	17	952c26a0-1970-4f93-aa75-c2b71ce9ee6a	2	2	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:31.584059	\N	18	1477a142-6558-4d37-95ec-cd87fe89df35	3	3	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 21:38:32.104394	\N	19	38ef6d7a-ac8d-4238-9208-4b881f14046c	4	4	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 21:38:32.660415	\N	21	d3b44824-f9a4-40d1-8202-d0fca3c770c0	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_1"}
2026-11-23 21:38:32.723297	\N	22	ad736a20-c6a4-462c-a98d-12f5b2eb2673	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_2"}
2026-11-23 21:38:32.766362	\N	23	56d945a2-de2f-4971-ac3c-33a18866901f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_3"}
2026-11-23 21:38:32.779714	\N	24	13115ee0-99d8-4653-ad06-3cc3686007e9	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_4"}
2026-11-23 21:38:32.844115	\N	25	d254ff48-3f71-4601-b97a-38183dd06a5f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_5"}
2026-11-23 21:38:32.872374	\N	26	bcc3bef1-3e66-4dd9-8232-b3199b46498f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_6"}
2026-11-23 21:38:32.929831	\N	27	1b108e19-a72f-45f5-88a4-4bf583c87a2c	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_7"}
2026-11-23 21:38:32.944676	\N	28	bfccb12f-3050-4e4b-93eb-3d575ff01fa0	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_8"}
2026-11-23 21:38:32.965707	\N	29	c78386a7-fc01-4b68-aa90-844c5e70ede8	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_9"}
2026-11-23 21:38:33.024335	\N	30	12f8727c-ba78-4ac7-9329-82c70c5cfe92	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_10"}
2026-11-23 21:38:33.045908	\N	31	7f337ad9-cea1-425e-bb71-7b4584b476ee	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_11"}
2026-11-23 21:38:33.088822	\N	32	4ec21b86-41e8-47ac-a4d4-bd32fa07ae28	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_12"}
2026-11-23 21:38:33.120691	\N	33	a79f417b-ab1c-4159-8788-9b455a934c5c	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_13"}
2026-11-23 21:38:33.168065	\N	34	cba6ee46-c08e-4e1a-b7af-a16f668421eb	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_14"}
2026-11-23 21:38:33.201324	\N	35	cc9616ca-b33f-4e00-b02c-e9b96f9413e5	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_15"}
2026-11-23 21:38:33.664215	\N	36	d9abd1d9-f749-4fc6-afd1-547c1a47aebe	6	6	f	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:34.136356	\N	37	a2695118-c699-4639-a090-2450f9f53110	7	7	f	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:34.468238	\N	38	1e6ebc2f-3687-4cf0-a7f1-05aab4b768bb	8	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "1"}
2026-11-23 21:38:34.58159	\N	39	2115a7bc-cdaf-4347-8e13-ec6e2437951d	9	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "0"}
2026-11-23 21:38:35.1494	\N	41	ca294e39-c170-459c-9576-58216a264992	10	9	f	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 21:38:35.624099	\N	42	5f9b8385-2dab-4e9e-afb7-63184ac7bd82	11	10	f	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 21:38:35.108036	2026-11-23 21:38:38.586109	40	b681c282-ed5c-4bbf-9de1-de4c3364bed0	10	9	t	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:28.46413	2026-11-23 21:38:38.967313	2	33de54a7-9b0e-4b4c-a369-a38d50ad1c6b	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 21:38:36.056335	\N	43	159807dc-3709-4c59-aebc-fb844936d713	12	11	f	PCI	{"bus": "00", "device": "05", "domain": "0000", "function": "0"}
2026-11-23 21:38:36.212323	\N	44	60a03353-55ee-43c1-93e4-b92952a7bad3	13	12	f	PCI	{"bus": "90", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:36.424045	\N	46	b60fc57f-81dd-49bf-9e21-c40037a7c32d	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 21:38:36.498142	\N	47	a7245d00-4101-4a5c-92ec-c112726216c6	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 21:38:36.516177	\N	48	3996c98f-db39-4350-a6e1-ec457866fa3a	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 21:38:36.588697	\N	49	62556cfc-02e6-4971-a138-95df81170d37	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 21:38:36.615368	\N	50	59123641-bd69-4b83-96df-0df7424fdda2	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 21:38:36.652087	\N	51	f77447de-8933-4993-8237-b120c88e0a3f	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 21:38:36.749847	\N	52	c72196e1-2886-47c1-b5cc-8884b9c96ce0	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 21:38:36.818318	\N	53	a7b965da-3f2b-43ae-8a49-1c79e0f996ce	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 21:38:36.856218	\N	54	4b9f5ec3-a848-46be-ad69-81e38aca6928	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 21:38:36.932246	\N	55	fe8f3d43-f961-4d3e-a9f8-1f3a955af136	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 21:38:36.964835	\N	56	35a2c97e-bdf8-41b0-a0c7-c8fcd16cc788	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 21:38:37.004099	\N	57	626d6a17-3ffd-47f3-ad96-3cd689b35a2a	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 21:38:37.052101	\N	58	29f3f967-63d5-4b29-8261-642d12667339	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 21:38:37.112267	\N	59	cb04ba51-23eb-4262-b328-5af9d13bc264	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 21:38:37.174136	\N	60	fa85cb93-3622-46a6-bf11-8aad7768fdc5	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 21:38:28.408133	2026-11-23 21:38:37.864937	1	b9c7cdc6-765e-46cc-97d6-a88ce746acab	1	1	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
2026-11-23 21:38:32.63691	2026-11-23 21:38:38.06133	20	80bc0259-1fcf-456e-9380-1e4adbed147b	5	5	t	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_0"}
2026-11-23 21:38:36.396243	2026-11-23 21:38:38.356849	45	2f77eefc-7c9f-4c30-9ace-41617c11dbb4	14	13	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
\.


--
-- Data for Name: attributes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attributes (created_at, updated_at, id, uuid, deployable_id, key, value) FROM stdin;
2026-11-23 21:38:28.258456	\N	1	b2169da9-f0e6-4388-b94f-f66e929441ea	1	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 21:38:28.336231	\N	2	95cc1030-3ed1-456a-9d97-eda4d50f5132	1	rc	FPGA
2026-11-23 21:38:30.74151	\N	3	0acbccd5-bec4-4acd-b95a-54308187cbf5	2	rc	PGPU
2026-11-23 21:38:30.79225	\N	4	acde4d6f-23aa-4ed0-b64d-7e3933bbcb22	2	trait0	OWNER_CYBORG
2026-11-23 21:38:30.851985	\N	5	8e373eb8-b817-4c2f-819d-15bf21fb74bb	2	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 21:38:31.408237	\N	6	6daadca6-e552-4411-8776-5500b3e5a2b7	3	rc	PGPU
2026-11-23 21:38:31.452188	\N	7	c8413e82-361c-48fc-b906-820dc5f0db2b	3	trait0	OWNER_CYBORG
2026-11-23 21:38:31.512508	\N	8	2f8c3b2c-3ec0-454b-842c-a105c760d03b	3	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 21:38:31.968058	\N	9	13363650-b42f-43e8-a06b-b20bc69bf038	4	rc	PGPU
2026-11-23 21:38:32.021436	\N	10	4459b90c-8ba0-4009-8d75-6849762411d7	4	trait0	OWNER_CYBORG
2026-11-23 21:38:32.040753	\N	11	a1acad0b-853b-4531-a1fe-3aad4d22e18b	4	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 21:38:32.478472	\N	12	5000e901-0170-485d-8192-53a9622b7164	5	rc	VGPU
2026-11-23 21:38:32.530277	\N	13	2f86b7a8-10f8-4a1d-bca3-3f2f32b5e971	5	trait0	OWNER_CYBORG
2026-11-23 21:38:32.596035	\N	14	10a166f4-4b97-4d29-a4e2-f84155b27499	5	trait1	CUSTOM_NVIDIA_1EB8_T4_1B
2026-11-23 21:38:33.512173	\N	15	0ac8de2c-d2a3-45bb-91e2-706d6e432b5e	6	rc	PGPU
2026-11-23 21:38:33.549238	\N	16	cd31642a-dc84-43ab-a058-4a3d206830df	6	trait0	OWNER_CYBORG
2026-11-23 21:38:33.588764	\N	17	3fdb8717-64a7-4385-b72a-1fb3628a1a1f	6	trait1	CUSTOM_NVIDIA_26B5
2026-11-23 21:38:33.971954	\N	18	df384b85-df03-458d-bc83-b3dcedd164d4	7	rc	PGPU
2026-11-23 21:38:34.005846	\N	19	0977a170-d52b-4680-a641-312bbd77a4be	7	trait0	OWNER_CYBORG
2026-11-23 21:38:34.080263	\N	20	0760998d-f216-41a3-a0cf-ebd69d02ff0e	7	trait1	CUSTOM_NVIDIA_1DB4
2026-11-23 21:38:34.439761	\N	21	c54d0cdb-5011-4121-a743-2a9dc57d5665	8	rc	CUSTOM_QAT
2026-11-23 21:38:34.545413	\N	22	4b9d8d95-173b-49c2-9382-7eaebd5d50a0	9	rc	CUSTOM_QAT
2026-11-23 21:38:35.020243	\N	23	800468d2-889a-47d4-872c-2ab2c48ecdd1	10	rc	FPGA
2026-11-23 21:38:35.050979	\N	24	d1cd2a3d-761c-43d8-a44e-68e92b015236	10	trait0	CUSTOM_FPGA_XILINX
2026-11-23 21:38:35.076015	\N	25	a99c6597-7ae7-4a69-88c2-a44db12c05de	10	trait1	CUSTOM_FPGA_PRODUCT_ID_5004
2026-11-23 21:38:35.468194	\N	26	7507ad03-2cd2-4683-bbc4-391c8c9ed123	11	trait0	CUSTOM_FPGA_INTEL
2026-11-23 21:38:35.500107	\N	27	341cff30-a17b-449f-8116-9dce0ece6766	11	trait1	CUSTOM_FPGA_INTEL_PAC_ARRIA10
2026-11-23 21:38:35.534369	\N	28	0145d16e-35d7-4e1b-a1ac-b065fae9678b	11	trait2	CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A
2026-11-23 21:38:35.566858	\N	29	b45ba1c0-61c2-4d7a-82ba-c42f4e2c39e1	11	rc	FPGA
2026-11-23 21:38:35.594801	\N	30	24408b82-dd0a-42b0-96d4-9d87ccb70b66	11	trait2	CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF
2026-11-23 21:38:35.982485	\N	31	1fb15854-d224-4c0d-ada0-e54aaa8dc5dc	12	rc	CUSTOM_PCI
2026-11-23 21:38:36.0187	\N	32	2f6e1fb4-30b3-4d8c-821f-4be3307c9268	12	trait0	CUSTOM_PCI_PRODUCT_ID_1044
2026-11-23 21:38:36.188533	\N	33	da54af68-6dd0-477d-a7a5-25410139ed9f	13	rc	CUSTOM_PCI
2026-11-23 21:38:36.200324	\N	34	c97a053d-356c-430e-956e-63c962568a5c	13	trait0	CUSTOM_PCI_PRODUCT_ID_14DC
2026-11-23 21:38:36.359297	\N	35	0e007587-6f69-4ec6-9a56-14dd8fb572de	14	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 21:38:36.377764	\N	36	1492302f-8c53-47be-aee7-1f0113968e0d	14	rc	FPGA
\.


--
-- Data for Name: controlpath_ids; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.controlpath_ids (created_at, updated_at, id, uuid, device_id, cpid_type, cpid_info) FROM stdin;
2026-11-23 21:38:28.105954	\N	1	3dba7f0b-9941-4f46-ad63-d5baa65b0cb4	1	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
2026-11-23 21:38:30.587731	\N	2	c2cfb0d6-1435-4671-833e-47ee1152185e	2	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:31.248069	\N	3	61182c3b-6b01-4031-ba8d-285527456972	3	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 21:38:31.844123	\N	4	89c000e2-bab4-4d58-836b-7d778605cb09	4	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 21:38:32.343969	\N	5	cf56c4bd-c98f-43da-8e8d-a00c9a956cb5	5	PCI	{"bus": "af", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:33.418999	\N	6	89db3388-dff6-4471-afb1-6f0dcd975014	6	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:33.876433	\N	7	e50448d9-f9ba-447b-8b9b-ecfac0216bd5	7	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:34.368181	\N	8	a80d3773-27bc-4579-b5a5-2ef282db9e9f	8	PCI	{"bus": "3d", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:34.965311	\N	9	1c8eeff4-aa0e-493d-9892-1d4cd80e29ac	9	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:35.38644	\N	10	932e83dd-ef66-43f0-a638-042d552d030f	10	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:35.927221	\N	11	0375ef37-04c1-424f-a2e6-d1f679a96cdd	11	PCI	{"bus": "00", "device": "05", "domain": "0000", "function": "0"}
2026-11-23 21:38:36.148367	\N	12	7de26758-c992-45f4-809b-b1e02c480c17	12	PCI	{"bus": "90", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 21:38:36.301453	\N	13	9ccc0e63-53f2-4b0c-8b75-82900908e14b	13	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
\.


--
-- Data for Name: deployables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.deployables (created_at, updated_at, id, uuid, parent_id, root_id, name, num_accelerators, device_id, rp_uuid, driver_name, bitstream_id) FROM stdin;
2026-11-23 21:38:28.216706	2026-11-23 21:38:30.266503	1	571afc7c-31d7-4d5d-b06b-8addd07c6940	\N	\N	compute1_FakeDevice	16	1	f9d7848a-7688-361f-8e4b-3e58185de5fe	fake	\N
2026-11-23 21:38:30.652076	2026-11-23 21:38:31.11252	2	adfeb06b-9060-42b9-aff2-9ac8114224a5	\N	\N	compute1_0000:41:00.0	1	2	c0b5a384-b671-3610-a5fa-8aaac1e4e28f	NVIDIA	\N
2026-11-23 21:38:31.348157	2026-11-23 21:38:31.742543	3	40a45b38-5e28-4da6-bb75-ffcd653e2cba	\N	\N	compute1_0000:41:00.4	1	3	1d966ca7-e533-3d42-a95d-c164a1465fd2	NVIDIA	\N
2026-11-23 21:38:31.881815	2026-11-23 21:38:32.244977	4	fbe1368c-b9dc-48fc-9aab-9ef3c181bf61	\N	\N	compute1_0000:41:00.5	1	4	15339227-6a5b-3b70-aa3a-b9364a442f6b	NVIDIA	\N
2026-11-23 21:38:32.408389	2026-11-23 21:38:33.30484	5	dc65cce5-1579-4e82-85ee-f7b2e2355b85	\N	\N	compute1_0000:af:00.0	16	5	5b0dd8ca-0827-3ef3-804e-232d0228a582	NVIDIA	\N
2026-11-23 21:38:33.472445	2026-11-23 21:38:33.808465	6	16582819-0fb4-4176-859e-ea7d2adba60a	\N	\N	compute1_0000:c1:00.0	1	6	c37b349a-37fb-31d2-8d0d-d6c618a6c39e	NVIDIA	\N
2026-11-23 21:38:33.942278	2026-11-23 21:38:34.213363	7	245d5a65-c145-4476-a35b-9f649a2e44da	\N	\N	compute1_0000:d1:00.0	1	7	695e4372-15af-37bc-99a1-0a93a2663c57	NVIDIA	\N
2026-11-23 21:38:34.400162	2026-11-23 21:38:34.66726	8	da4a1910-a40d-4eb7-bf32-6c278c8a7333	\N	\N	compute1_0000:3d:01.1	1	8	33e4514d-bab1-30b9-9046-eab9e609b06e	intel	\N
2026-11-23 21:38:34.50796	2026-11-23 21:38:34.749972	9	38eff13b-5479-4fec-b53f-327713b029ff	\N	\N	compute1_0000:3d:01.0	1	8	77b749ba-0b21-3675-9107-c005f4581500	intel	\N
2026-11-23 21:38:34.983771	2026-11-23 21:38:35.24461	10	fd188cec-7a80-470d-ad27-da3be4c7f921	\N	\N	compute1_0000:3b:00.0	1	9	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	XILINX	\N
2026-11-23 21:38:35.428732	2026-11-23 21:38:35.697055	11	eee7c54b-4088-4644-acb2-74bbb27fea05	\N	\N	compute1_0000:86:00.1	1	10	4fd160ea-ee72-3306-9e97-9f382077469a	intel	\N
2026-11-23 21:38:35.955569	2026-11-23 21:38:36.103932	12	131d7137-eb7e-440d-8acd-68669c733f42	\N	\N	compute1_0000:00:05.0	1	11	e1144223-d92d-37a3-b4b7-918d548aced7	1AF4	\N
2026-11-23 21:38:36.171523	2026-11-23 21:38:36.241194	13	ed0b46c6-d7cd-4e24-ada1-43bab4127fb1	\N	\N	compute1_0000:90:00.0	1	12	447f53a1-73d7-3faf-84ab-72d398fabb6e	1022	\N
2026-11-23 21:38:36.322337	2026-11-23 21:38:37.249275	14	396ab27e-bb0a-425e-b6c1-0f2ab5ed9273	\N	\N	compute2_FakeDevice	16	13	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	fake	\N
\.


--
-- Data for Name: device_profiles; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.device_profiles (created_at, updated_at, id, uuid, name, profile_json, description) FROM stdin;
2026-11-23 21:38:37.285734	\N	1	9ce1c3e0-9f7d-452b-960a-1819de3f1fd4	fpga	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FAKE_DEVICE": "required"}]}	A fake FPGA
2026-11-23 21:38:37.356055	\N	2	7e8a4607-fcfc-47ae-bcdd-5d001ac5a389	xilinx	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FPGA_XILINX": "required"}]}	An Alveo card
2026-11-23 21:38:37.38937	\N	3	41140306-b41b-4ec6-8d32-d955eae7170d	vgpu	{"groups": [{"resources:VGPU": "1", "trait:CUSTOM_NVIDIA_1EB8_T4_1B": "required"}]}	A T4 vGPU
2026-11-23 21:38:37.437068	\N	4	abc76db0-c96b-4274-9a7c-d2d76a485fdb	pgpu	{"groups": [{"resources:PGPU": "1"}]}	A whole GPU
2026-11-23 21:38:37.472235	\N	5	c20f6b70-b8e6-4a7f-954e-ebe9211d3239	qat	{"groups": [{"resources:CUSTOM_QAT": "1"}]}	\N
2026-11-23 21:38:37.51108	\N	6	16dce27b-aed0-4701-8a2d-900a3ab87d21	fpga-and-pci	{"groups": [{"resources:FPGA": "1"}, {"resources:CUSTOM_PCI": "1", "trait:CUSTOM_PCI_PRODUCT_ID_1044": "required"}]}	Two groups
\.


--
-- Data for Name: devices; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.devices (created_at, updated_at, id, uuid, type, vendor, model, std_board_info, vendor_board_info, hostname, status) FROM stdin;
2026-11-23 21:38:28.021307	\N	1	6ce7ed3a-472a-4b11-9b4b-7f54fc0b83f3	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute1.example.org	enabled
2026-11-23 21:38:30.552064	\N	2	e6ff19bc-fc70-411e-b8d7-079f0b31862e	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:31.172323	\N	3	bc8d4701-ea33-4651-8dc8-2eefa15c5515	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:31.779965	\N	4	8fa74568-fabd-4839-84fe-d4de1641dbb4	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:32.275228	\N	5	6aec28b6-3d03-457c-94f9-70e5b2eecc69	GPU	10de	NVIDIA Corporation Device	{"product_id": "1eb8", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:33.360739	\N	6	f3e039b5-e260-4e92-88ae-e6dd790981ac	GPU	10de	NVIDIA Corporation Device	{"product_id": "26b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:33.824012	\N	7	6e62e3d6-786b-4f7f-bbae-e4dfd1ef320d	GPU	10de	NVIDIA Corporation Device	{"product_id": "1db4", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:34.336193	\N	8	155b8525-0c09-4052-9e6b-256ee694e073	QAT	0x8086	miss_model_info	{"product_id": "0x37c8"}	miss_vb_info	compute1.example.org	enabled
2026-11-23 21:38:34.927129	\N	9	acda1447-c183-4ec7-906a-bcda46f99f33	FPGA	10ee	Xilinx Corporation Device	{"product_id": "5004", "controller": "Processing accelerators"}	{"vendor_info": "fpga_vb_info"}	compute1.example.org	enabled
2026-11-23 21:38:35.355539	\N	10	bc84face-26b2-416c-8b2e-bb3ffd30703d	FPGA	0x8086	miss_model_info	{"product_id": "0x09c4"}	miss_vb_info	compute1.example.org	enabled
2026-11-23 21:38:35.910784	\N	11	e6f924ff-d5e4-4e73-8e06-b9e4e009af1e	GPU	1af4	1044	{"product_id": "1044", "controller": null}	miss_vb_info	compute1.example.org	enabled
2026-11-23 21:38:36.125377	\N	12	e90902c3-7bba-4988-b19f-6b5a0bbbe102	GPU	1022	14dc	{"product_id": "14dc", "controller": null}	miss_vb_info	compute1.example.org	enabled
2026-11-23 21:38:36.28616	\N	13	bc3e2f5c-0b3b-4a22-94eb-2dbb4e4aadf4	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute2	enabled
\.


--
-- Data for Name: extended_accelerator_requests; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.extended_accelerator_requests (created_at, updated_at, id, uuid, project_id, state, device_profile_id, hostname, device_rp_uuid, attach_handle_id, substate, deployable_id, device_profile_group_id, instance_uuid) FROM stdin;
2026-11-23 21:38:37.568718	2026-11-23 21:38:37.923756	1	6f65024a-8f08-4e2e-9ca1-31282d46c78f	\N	Bound	1	compute1.example.org	f9d7848a-7688-361f-8e4b-3e58185de5fe	1	Initial	1	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01
2026-11-23 21:38:38.008596	2026-11-23 21:38:38.197144	2	fd707536-22e8-4dec-abcf-140440252aee	\N	Bound	3	compute1.example.org	5b0dd8ca-0827-3ef3-804e-232d0228a582	20	Initial	5	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02
2026-11-23 21:38:38.257241	2026-11-23 21:38:38.420004	3	014699a9-5e5b-41c7-aaea-45adea14c983	\N	Bound	1	compute2	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	45	Initial	14	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03
2026-11-23 21:38:38.483368	2026-11-23 21:38:38.634467	4	1e33aff0-ec79-4445-a432-62433ff11c8a	\N	Bound	2	compute1.example.org	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	40	Initial	10	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06
2026-11-23 21:38:38.702728	\N	5	e59f98ca-bfa4-4f95-b631-2490557906cb	\N	Initial	5	\N	\N	\N	Initial	\N	0	\N
2026-11-23 21:38:38.722166	2026-11-23 21:38:39.000806	6	905e3bbe-9227-4201-b347-8de899dca6bf	\N	Unbound	1	\N	\N	\N	Initial	\N	0	\N
2026-11-23 21:38:39.026518	2026-11-23 21:38:39.128009	7	20f96090-f8c8-4a25-a5e5-4ead19599b4e	\N	BindFailed	1	compute2	\N	\N	Initial	\N	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04
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

SELECT pg_catalog.setval('public.attributes_id_seq', 36, true);


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

\unrestrict P2Us3R4kDav8UrP4VzqL7ZfR6zfwcZ3E86UvY3qEirjAPFb12hekVCJo1J84rWw

