--
-- PostgreSQL database dump
--

\restrict caZl50I7jUqtwGnNjibIS9kihw3sQFOXpAi63yQc3vgrzzo1IlyU8U4h9VXX6yO

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
2026-11-23 06:31:26.176494	\N	3	8f3b0ad9-67c6-40e9-80fc-561e425844e7	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 06:31:26.217786	\N	4	537153c6-3885-4de7-baa8-974ac00aa0a8	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 06:31:26.250206	\N	5	795e9f78-21ff-44a1-bae3-4cdb0e2d92aa	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 06:31:26.279204	\N	6	2cd79445-3c92-4008-a62f-b5178f76bc50	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 06:31:26.297016	\N	7	a3456ac0-37ee-4645-8c72-d9d14687506f	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 06:31:26.310894	\N	8	b644e434-6855-4635-8eae-3990786c4ce9	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 06:31:26.324857	\N	9	8ebf5da1-fded-486b-9e0c-e0813a2e36e5	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 06:31:26.33531	\N	10	3abbf184-1fd5-4b4a-9605-4518a7247eb4	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 06:31:26.346183	\N	11	4a1e7a32-be8f-45f7-ba1b-28f48cf33968	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 06:31:26.362567	\N	12	bff7c402-6205-48c8-8bd8-a2c6fac86fe8	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 06:31:26.375658	\N	13	2c0ff68f-7f06-4559-849b-5a9b52eb334d	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 06:31:26.388656	\N	14	7a32d2c1-f01a-44e9-9f2c-52eb9733cf54	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 06:31:26.413624	\N	15	1d76faf7-2e4f-47a6-8206-beded274f01a	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 06:31:26.424191	\N	16	d4a476b8-6af4-4e63-ba13-46ee9f2148ae	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 06:31:27.118325	\N	17	151170a9-0e85-4a4e-b1b0-17e8d2ed106c	2	2	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:27.442948	\N	18	d5924621-bb18-4c2f-9fc0-a1a021ceef50	3	3	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 06:31:27.698881	\N	19	d9a48200-e410-401d-8ae0-49fe1a80757f	4	4	f	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 06:31:27.952014	\N	21	de575615-75d6-45a4-b3b3-ca5fa04ca91d	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_1"}
2026-11-23 06:31:27.982129	\N	22	68b94c14-1435-440f-80aa-aaa51e864f4f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_2"}
2026-11-23 06:31:28.011938	\N	23	c83bb9c2-d3e4-448c-9096-69905b173809	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_3"}
2026-11-23 06:31:28.041391	\N	24	1f62d4ea-25d5-4606-84f9-56dc5e27070f	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_4"}
2026-11-23 06:31:28.067276	\N	25	ab4a9ef2-f0d1-4c64-a54c-101cdc0a6d33	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_5"}
2026-11-23 06:31:28.090495	\N	26	ca126eb8-a44d-429c-ba16-45930e46f687	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_6"}
2026-11-23 06:31:28.120116	\N	27	c205f388-7e50-4d92-94f8-43010b58814c	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_7"}
2026-11-23 06:31:28.130869	\N	28	65a3ee56-c5cd-4554-8a9c-2f015d8b8793	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_8"}
2026-11-23 06:31:28.155697	\N	29	d622da71-b32b-4e16-9fdb-7e146d71ef04	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_9"}
2026-11-23 06:31:28.173991	\N	30	fbce2c31-9f5f-4998-ab41-d4c73832f749	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_10"}
2026-11-23 06:31:28.199104	\N	31	bcd1c4d8-eb60-4a61-88de-49eca5888316	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_11"}
2026-11-23 06:31:28.22638	\N	32	cf8bab15-505f-4575-8e6a-bf442c6eab01	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_12"}
2026-11-23 06:31:28.254148	\N	33	c9e530a1-3c7e-4a9f-bd8b-a66296daa43d	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_13"}
2026-11-23 06:31:28.287223	\N	34	1932aed5-04f1-4048-bbdd-a9c2ca4924d3	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_14"}
2026-11-23 06:31:28.310841	\N	35	3e8aedb9-4a78-4a81-a6e3-ec40504ce50b	5	5	f	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_15"}
2026-11-23 06:31:28.537516	\N	36	f91f2e0f-eec0-4545-b638-c7f655f8debe	6	6	f	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:28.706246	\N	37	90b93bab-0d0f-424f-a4c1-43fd6366c6a8	7	7	f	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:28.941002	\N	38	e74560c7-99f8-40a2-9346-52df91f9a99f	8	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "1"}
2026-11-23 06:31:28.988564	\N	39	702d53c3-3385-48ca-97fc-99f969e2a843	9	8	f	PCI	{"bus": "3d", "device": "01", "domain": "0000", "function": "0"}
2026-11-23 06:31:29.485814	\N	41	7a6d02cd-0e1a-4cbb-bec3-537fb9f9504c	10	9	f	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 06:31:29.834968	\N	42	c66f08ed-2c2d-4a45-8df1-c7a141883c60	11	10	f	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "1"}
2026-11-23 06:31:29.458185	2026-11-23 06:31:32.413977	40	d68cfb0c-c679-46ca-b9cd-bace4666e3c7	10	9	t	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:26.155639	2026-11-23 06:31:33.089284	2	bc95f78c-d0d0-4f33-98cf-486480a32f24	1	1	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 06:31:30.166908	\N	43	1eb41225-165d-4e95-bdc3-836cc431a411	12	11	f	PCI	{"bus": "00", "device": "05", "domain": "0000", "function": "0"}
2026-11-23 06:31:30.361201	\N	44	61c8a1d4-145e-4c3a-80e9-bb5d23fd0f8c	13	12	f	PCI	{"bus": "90", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:30.516868	\N	46	e79dcc88-6402-4f9b-880f-8d9e62033db7	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "2"}
2026-11-23 06:31:30.523529	\N	47	5da20601-835b-4655-b368-bbe364eb4a73	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "3"}
2026-11-23 06:31:30.528412	\N	48	0be98018-5b74-4403-9516-f7b655021182	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "4"}
2026-11-23 06:31:30.539459	\N	49	3b3ce20f-f979-4460-bf67-dc7dc7cb7f7e	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "5"}
2026-11-23 06:31:30.558364	\N	50	e0f1f500-5d3b-4c84-ba5b-c0a4799408e7	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "6"}
2026-11-23 06:31:30.565172	\N	51	f3b6f5e2-0f82-42c8-b828-31a4727e0040	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "7"}
2026-11-23 06:31:30.571657	\N	52	593989ea-5b3d-4778-8927-3e45117a99ab	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "0"}
2026-11-23 06:31:30.581169	\N	53	3d81794b-ee7e-40e8-9386-7f183f342623	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "1"}
2026-11-23 06:31:30.588893	\N	54	1d8c180c-6609-4ea8-9d4e-2ccb4e1906f4	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "2"}
2026-11-23 06:31:30.613808	\N	55	405d51fc-d43b-4e59-a413-724037ecca50	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "3"}
2026-11-23 06:31:30.63832	\N	56	8c8bff7e-f6cc-4941-be14-eb57180c5baf	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "4"}
2026-11-23 06:31:30.644275	\N	57	747a2f46-baa1-4dd7-bfea-750d4269c317	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "5"}
2026-11-23 06:31:30.659947	\N	58	7950a061-9b0e-4726-985e-766e3f598070	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "6"}
2026-11-23 06:31:30.685565	\N	59	e8232923-df3e-4d8b-80b4-e44b99710d20	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "1", "function": "7"}
2026-11-23 06:31:30.698285	\N	60	c2bc9c22-3ee7-4140-afce-82dcd6ae21cb	14	13	f	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "2", "function": "0"}
2026-11-23 06:31:26.129285	2026-11-23 06:31:31.163158	1	e2e832c1-f44c-4dec-8fb8-cee8680f9624	1	1	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
2026-11-23 06:31:27.926163	2026-11-23 06:31:31.464659	20	c3ee1417-d6a1-41a0-8ba2-6789dfa4349e	5	5	t	MDEV	{"asked_type": "nvidia-222", "bus": "af", "device": "00", "domain": "0000", "function": "0", "vgpu_mark": "nvidia-222_0"}
2026-11-23 06:31:30.510345	2026-11-23 06:31:31.925981	45	f641ada8-6537-4a76-bf70-f2a53b26e06b	14	13	t	TEST_PCI	{"domain": "0000", "bus": "0c", "device": "0", "function": "1"}
\.


--
-- Data for Name: attributes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attributes (created_at, updated_at, id, uuid, deployable_id, key, value) FROM stdin;
2026-11-23 06:31:26.073496	\N	1	7f1723bc-666d-4fed-a73c-73763e0dd59c	1	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 06:31:26.106195	\N	2	b92aa51e-625b-41b8-9231-efe989b3c487	1	rc	FPGA
2026-11-23 06:31:26.942613	\N	3	3b48316c-2f9a-4bae-962b-f9205c7ce2da	2	rc	PGPU
2026-11-23 06:31:27.006445	\N	4	a446dea0-888a-4a3d-a730-c1792aaaf337	2	trait0	OWNER_CYBORG
2026-11-23 06:31:27.076198	\N	5	e0b3b9d2-c760-4ab9-a282-15ee9b30cce2	2	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 06:31:27.356198	\N	6	4193931c-6ff0-4a9a-b220-f1d45f62bf62	3	rc	PGPU
2026-11-23 06:31:27.384753	\N	7	db02b84f-ede6-4d74-a923-8b7b6f65be6e	3	trait0	OWNER_CYBORG
2026-11-23 06:31:27.411377	\N	8	519e8026-63f3-4ae4-be23-969400a96df0	3	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 06:31:27.6213	\N	9	f4e86d60-c304-4e86-9d06-4763ec938c43	4	rc	PGPU
2026-11-23 06:31:27.64738	\N	10	b39da483-ddbf-4921-b3c4-f0014096c217	4	trait0	OWNER_CYBORG
2026-11-23 06:31:27.657202	\N	11	f390a50b-1303-40b3-9bbb-e7a0ce8750b0	4	trait1	CUSTOM_NVIDIA_20B5
2026-11-23 06:31:27.852761	\N	12	1b48ca06-9ab1-4f7f-9428-ae61f13afe49	5	rc	VGPU
2026-11-23 06:31:27.871181	\N	13	c0f8cdbd-729c-4760-9467-28588c9e43d7	5	trait0	OWNER_CYBORG
2026-11-23 06:31:27.903306	\N	14	1dfc8743-affd-421a-8542-08cccdaa889a	5	trait1	CUSTOM_NVIDIA_1EB8_T4_1B
2026-11-23 06:31:28.471158	\N	15	a5c32556-20b3-4a0c-9860-b4c041ce7248	6	rc	PGPU
2026-11-23 06:31:28.501263	\N	16	2e9cd067-a92d-4714-a8b8-730314dfe997	6	trait0	OWNER_CYBORG
2026-11-23 06:31:28.517605	\N	17	a9828935-b4b0-49a8-a2b8-11791c065ca7	6	trait1	CUSTOM_NVIDIA_26B5
2026-11-23 06:31:28.671155	\N	18	e9b88617-78e6-486c-b999-c52d5d6a3eee	7	rc	PGPU
2026-11-23 06:31:28.673327	\N	19	b741d9d2-3604-48ac-8507-67ebc834a580	7	trait0	OWNER_CYBORG
2026-11-23 06:31:28.697004	\N	20	16450c4d-a4eb-4928-82b3-072b52a84db3	7	trait1	CUSTOM_NVIDIA_1DB4
2026-11-23 06:31:28.910201	\N	21	fd0f5cde-554e-4bc8-8a04-b09deb2c5a97	8	rc	CUSTOM_QAT
2026-11-23 06:31:28.976291	\N	22	3f358ec4-6a42-438a-a737-9d8df7fb6159	9	rc	CUSTOM_QAT
2026-11-23 06:31:29.395434	\N	23	7bc40df9-ae1f-44a8-8420-49f33644b017	10	rc	FPGA
2026-11-23 06:31:29.434117	\N	24	bcdf2936-0696-4f6f-b1da-64e5527df2ca	10	trait0	CUSTOM_FPGA_XILINX
2026-11-23 06:31:29.442346	\N	25	5d804208-6468-4dad-8657-167b627deaf7	10	trait1	CUSTOM_FPGA_PRODUCT_ID_5004
2026-11-23 06:31:29.726288	\N	26	676a1276-77f1-4af5-9f96-3776dc5a6e55	11	trait0	CUSTOM_FPGA_INTEL
2026-11-23 06:31:29.730257	\N	27	91087661-6284-4685-bb3e-5141007cec75	11	trait1	CUSTOM_FPGA_INTEL_PAC_ARRIA10
2026-11-23 06:31:29.756491	\N	28	2d3fbab4-93d8-4d78-a2a7-04db06de956d	11	trait2	CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A
2026-11-23 06:31:29.778655	\N	29	c8cf954f-9413-4905-9407-49a694853188	11	rc	FPGA
2026-11-23 06:31:29.806407	\N	30	b7fdff14-4a94-4248-bb24-46a99af86148	11	trait2	CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF
2026-11-23 06:31:30.105173	\N	31	62dc90da-2138-4dbb-8ce7-acfe099e62d7	12	rc	CUSTOM_PCI
2026-11-23 06:31:30.113169	\N	32	d0695cc1-0b21-442b-96f9-ab6b988f1ed4	12	trait0	OWNER_CYBORG
2026-11-23 06:31:30.158615	\N	33	5baa8703-baac-4706-86c3-98686a7c5cc1	12	trait1	CUSTOM_PCI_PRODUCT_ID_1044
2026-11-23 06:31:30.303832	\N	34	add7ee6d-bf7b-4515-98ab-fb69775d987e	13	rc	CUSTOM_PCI
2026-11-23 06:31:30.318395	\N	35	650f7c88-7b4a-4a5c-835c-30a2ff025736	13	trait0	OWNER_CYBORG
2026-11-23 06:31:30.337351	\N	36	c1bd0387-2021-4a5c-abc5-f0e6485ec4c1	13	trait1	CUSTOM_PCI_PRODUCT_ID_14DC
2026-11-23 06:31:30.474295	\N	37	2d72d11d-0843-42c3-b515-463a07fa22e1	14	traits1	CUSTOM_FAKE_DEVICE
2026-11-23 06:31:30.496301	\N	38	803ee11a-adcc-4611-9fa6-f07904dbc851	14	rc	FPGA
\.


--
-- Data for Name: controlpath_ids; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.controlpath_ids (created_at, updated_at, id, uuid, device_id, cpid_type, cpid_info) FROM stdin;
2026-11-23 06:31:26.000929	\N	1	d563f5d9-ae98-4af6-a99f-c152ffcf4de3	1	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
2026-11-23 06:31:26.845961	\N	2	af134d3e-6589-4258-8609-8c510fed02af	2	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:27.302939	\N	3	d67e9df8-323e-45e4-8e68-84de3994b348	3	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "4"}
2026-11-23 06:31:27.575986	\N	4	eb553756-9cd1-4ee3-a93f-93745e999a7e	4	PCI	{"bus": "41", "device": "00", "domain": "0000", "function": "5"}
2026-11-23 06:31:27.7979	\N	5	b9e5ac42-8e2e-4fdb-a496-520027ccbbed	5	PCI	{"bus": "af", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:28.400047	\N	6	a0497c28-2974-49bb-b201-7acb3debb8a3	6	PCI	{"bus": "c1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:28.647983	\N	7	f7582243-7e2b-4a1c-a25e-00eed0b6deb6	7	PCI	{"bus": "d1", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:28.866335	\N	8	7e2c47aa-d9a2-4478-ae49-9c0f7c6fd4d8	8	PCI	{"bus": "3d", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:29.34397	\N	9	a096564c-8c13-4dcc-8533-c706788de9a2	9	PCI	{"bus": "3b", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:29.658421	\N	10	cdf8b30e-75c6-43ac-abff-15f83d5bf7df	10	PCI	{"bus": "86", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:30.066426	\N	11	a8fea9f1-1e9f-4738-8abf-d51c3f9539df	11	PCI	{"bus": "00", "device": "05", "domain": "0000", "function": "0"}
2026-11-23 06:31:30.267618	\N	12	6f6e3039-81ff-4dfd-bb49-9da38041a0a2	12	PCI	{"bus": "90", "device": "00", "domain": "0000", "function": "0"}
2026-11-23 06:31:30.44608	\N	13	2967e245-04f6-4f37-a6b9-5edadd43f445	13	PCI	{"domain":"0000","bus":"0c","device":"00","function":"0"}
\.


--
-- Data for Name: deployables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.deployables (created_at, updated_at, id, uuid, parent_id, root_id, name, num_accelerators, device_id, rp_uuid, driver_name, bitstream_id) FROM stdin;
2026-11-23 06:31:26.051245	2026-11-23 06:31:26.507111	1	7f295a8b-6c84-4577-a0aa-569c01211581	\N	\N	compute1_FakeDevice	16	1	f9d7848a-7688-361f-8e4b-3e58185de5fe	fake	\N
2026-11-23 06:31:26.880856	2026-11-23 06:31:27.227963	2	3856affc-a34f-47dc-baa8-0fc59dbac18f	\N	\N	compute1_0000:41:00.0	1	2	c0b5a384-b671-3610-a5fa-8aaac1e4e28f	NVIDIA	\N
2026-11-23 06:31:27.338317	2026-11-23 06:31:27.519439	3	7ed85655-7969-4e40-8f6f-3f607cdf048e	\N	\N	compute1_0000:41:00.4	1	3	1d966ca7-e533-3d42-a95d-c164a1465fd2	NVIDIA	\N
2026-11-23 06:31:27.606506	2026-11-23 06:31:27.745995	4	ce3eb023-7f89-467a-bbfe-658d31995d35	\N	\N	compute1_0000:41:00.5	1	4	15339227-6a5b-3b70-aa3a-b9364a442f6b	NVIDIA	\N
2026-11-23 06:31:27.826704	2026-11-23 06:31:28.359683	5	4d215e76-96fc-4112-a87c-e8833fe2c53e	\N	\N	compute1_0000:af:00.0	16	5	5b0dd8ca-0827-3ef3-804e-232d0228a582	NVIDIA	\N
2026-11-23 06:31:28.430206	2026-11-23 06:31:28.595105	6	6fd1aa00-e9e0-41ac-8fac-5dedf322c4af	\N	\N	compute1_0000:c1:00.0	1	6	c37b349a-37fb-31d2-8d0d-d6c618a6c39e	NVIDIA	\N
2026-11-23 06:31:28.652455	2026-11-23 06:31:28.750786	7	0705dce9-a6c6-42cb-b722-ffb3456977cd	\N	\N	compute1_0000:d1:00.0	1	7	695e4372-15af-37bc-99a1-0a93a2663c57	NVIDIA	\N
2026-11-23 06:31:28.900086	2026-11-23 06:31:29.038793	8	6072a694-fe40-4b77-b5e7-45e18842f786	\N	\N	vm_0000:3d:01.1	1	8	bd66131f-4b3f-3457-8030-5a220d86108c	intel	\N
2026-11-23 06:31:28.963962	2026-11-23 06:31:29.093991	9	b776b117-ee6e-421b-aa53-12249a43b44c	\N	\N	vm_0000:3d:01.0	1	8	2c4063a4-5fcb-3f4a-adf2-297aa40d963a	intel	\N
2026-11-23 06:31:29.378322	2026-11-23 06:31:29.540242	10	e187ccd2-6917-453c-8a74-f6c53152992f	\N	\N	compute1_0000:3b:00.0	1	9	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	XILINX	\N
2026-11-23 06:31:29.710132	2026-11-23 06:31:29.885648	11	4089cc5a-86f6-4dcf-b657-941dfb1f3c33	\N	\N	vm_0000:86:00.1	1	10	481a1ebd-fcce-3c17-873f-18c362019a4d	intel	\N
2026-11-23 06:31:30.086962	2026-11-23 06:31:30.216637	12	2e1e8c18-5c6a-4177-991d-920ccc55cd20	\N	\N	compute1_0000:00:05.0	1	11	e1144223-d92d-37a3-b4b7-918d548aced7	1AF4	\N
2026-11-23 06:31:30.276616	2026-11-23 06:31:30.404015	13	a46dc59d-4d28-484e-8fd8-3591972b8ced	\N	\N	compute1_0000:90:00.0	1	12	447f53a1-73d7-3faf-84ab-72d398fabb6e	1022	\N
2026-11-23 06:31:30.468235	2026-11-23 06:31:30.737867	14	5351684a-ba1b-4a5a-ab01-d7aeb6d5e4eb	\N	\N	compute2_FakeDevice	16	13	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	fake	\N
\.


--
-- Data for Name: device_profiles; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.device_profiles (created_at, updated_at, id, uuid, name, profile_json, description) FROM stdin;
2026-11-23 06:31:30.772889	\N	1	3f29881c-47ad-4760-9100-5d3a3a470231	fpga	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FAKE_DEVICE": "required"}]}	A fake FPGA
2026-11-23 06:31:30.799276	\N	2	c334c0b3-db63-4e3a-b616-54996ae1f1df	xilinx	{"groups": [{"resources:FPGA": "1", "trait:CUSTOM_FPGA_XILINX": "required"}]}	An Alveo card
2026-11-23 06:31:30.820979	\N	3	9938a6cc-889b-48d1-8328-d4ff9842cf9a	vgpu	{"groups": [{"resources:VGPU": "1", "trait:CUSTOM_NVIDIA_1EB8_T4_1B": "required"}]}	A T4 vGPU
2026-11-23 06:31:30.831139	\N	4	aebf4df6-794a-421b-bc1d-2023680372b3	pgpu	{"groups": [{"resources:PGPU": "1"}]}	A whole GPU
2026-11-23 06:31:30.85203	\N	5	71863d2c-c800-44d8-99ec-7e08b737a815	qat	{"groups": [{"resources:CUSTOM_QAT": "1"}]}	\N
2026-11-23 06:31:30.873639	\N	6	6462a86f-37e3-4e8c-b661-b5b8ce3b9770	fpga-and-pci	{"groups": [{"resources:FPGA": "1"}, {"resources:CUSTOM_PCI": "1", "trait:CUSTOM_PCI_PRODUCT_ID_1044": "required"}]}	Two groups
\.


--
-- Data for Name: devices; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.devices (created_at, updated_at, id, uuid, type, vendor, model, std_board_info, vendor_board_info, hostname, status, device_state) FROM stdin;
2026-11-23 06:31:25.97206	\N	1	392b7d77-cad9-40a3-a0d1-1c4455f5e332	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute1.example.org	enabled	available
2026-11-23 06:31:26.781286	\N	2	994bf136-b266-4af5-8cdd-939dddcf5ef6	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:27.261917	\N	3	3cc79724-bced-4bb6-a45b-b225304ff1f6	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:27.542903	\N	4	fb2913c0-acb2-496c-8e79-a3a110c664d6	GPU	10de	NVIDIA Corporation Device	{"product_id": "20b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:27.770048	\N	5	85bec363-66d8-4238-93ca-86e3e347476d	GPU	10de	NVIDIA Corporation Device	{"product_id": "1eb8", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:28.386373	\N	6	a9f0e62a-d1e5-49a8-91b5-48e94f416e01	GPU	10de	NVIDIA Corporation Device	{"product_id": "26b5", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:28.632883	\N	7	3e78e3e7-9f85-423e-91de-4535126964c4	GPU	10de	NVIDIA Corporation Device	{"product_id": "1db4", "controller": "3D controller"}	{"vendor_info": "gpu_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:28.836564	\N	8	393da76c-e46e-4835-9911-adba88cc128a	QAT	0x8086	miss_model_info	{"product_id": "0x37c8"}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:31:29.307067	\N	9	e87f3f3f-e7f4-4872-9469-a582053d6fbe	FPGA	10ee	Xilinx Corporation Device	{"product_id": "5004", "controller": "Processing accelerators"}	{"vendor_info": "fpga_vb_info"}	compute1.example.org	enabled	available
2026-11-23 06:31:29.612039	\N	10	1c841866-37f0-43e9-865a-e9b2224322db	FPGA	0x8086	miss_model_info	{"product_id": "0x09c4"}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:31:30.033577	\N	11	c3ebba2f-56f5-419b-8035-547d3c510e4c	GPU	1af4	1044	{"product_id": "1044", "controller": null}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:31:30.238839	\N	12	113ae660-7750-42a9-9a9f-b0c58f07b8f0	GPU	1022	14dc	{"product_id": "14dc", "controller": null}	miss_vb_info	compute1.example.org	enabled	available
2026-11-23 06:31:30.425014	\N	13	e728dba9-eb6b-4b5e-b9f2-51eb6164bca5	FPGA	0xABCD	miss model info	{"device_id": "0xabcd", "class": "Fake class"}	fake_vendor_info	compute2	enabled	available
\.


--
-- Data for Name: extended_accelerator_requests; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.extended_accelerator_requests (created_at, updated_at, id, uuid, project_id, state, device_profile_id, hostname, device_rp_uuid, attach_handle_id, substate, deployable_id, device_profile_group_id, instance_uuid) FROM stdin;
2026-11-23 06:31:30.919207	2026-11-23 06:31:31.27467	1	2709875b-0a08-42c3-9d9c-456a746c965a	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	1	compute1.example.org	f9d7848a-7688-361f-8e4b-3e58185de5fe	1	Initial	1	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01
2026-11-23 06:31:31.401658	2026-11-23 06:31:31.654732	2	79581bad-d9db-4b3c-b8fe-35412eacc529	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	3	compute1.example.org	5b0dd8ca-0827-3ef3-804e-232d0228a582	20	Initial	5	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02
2026-11-23 06:31:31.774706	2026-11-23 06:31:32.045086	3	94f37b4e-4058-41a3-a62a-ea5b027c8863	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	1	compute2	1abf51e6-7b4d-3363-997b-5bd96bd3c8e3	45	Initial	14	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03
2026-11-23 06:31:32.191205	2026-11-23 06:31:32.498614	4	55b88486-c3b8-4ae8-b5a2-c5e952a5396a	a1b2c3d4e5f60718293a4b5c6d7e8f90	Bound	2	compute1.example.org	6cd2aca9-08d5-3e7e-b324-6c788dcceac8	40	Initial	10	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06
2026-11-23 06:31:32.668328	\N	5	02bbb538-bce1-4712-a588-7aabefb5f93d	a1b2c3d4e5f60718293a4b5c6d7e8f90	Initial	5	\N	\N	\N	Initial	\N	0	\N
2026-11-23 06:31:32.705002	2026-11-23 06:31:33.118567	6	c65a7a68-f254-47b4-a9d1-61c1d5e543f8	a1b2c3d4e5f60718293a4b5c6d7e8f90	Unbound	1	\N	\N	\N	Initial	\N	0	\N
2026-11-23 06:31:33.172314	2026-11-23 06:31:33.336298	7	469e460e-0a00-4ea5-957e-37cb97f86236	a1b2c3d4e5f60718293a4b5c6d7e8f90	BindFailed	1	compute2	\N	\N	Initial	\N	0	6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04
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

\unrestrict caZl50I7jUqtwGnNjibIS9kihw3sQFOXpAi63yQc3vgrzzo1IlyU8U4h9VXX6yO

