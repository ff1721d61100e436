/*M!999999\- enable the sandbox mode */ 

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
DROP TABLE IF EXISTS `alembic_version`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `alembic_version` (
  `version_num` varchar(32) NOT NULL,
  PRIMARY KEY (`version_num`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `alembic_version` WRITE;
/*!40000 ALTER TABLE `alembic_version` DISABLE KEYS */;
INSERT INTO `alembic_version` VALUES ('b47c8f2d1e3a');
/*!40000 ALTER TABLE `alembic_version` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `attach_handles`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `attach_handles` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `deployable_id` int(11) NOT NULL,
  `cpid_id` int(11) NOT NULL,
  `in_use` tinyint(1) DEFAULT NULL,
  `attach_type` enum('PCI','MDEV','TEST_PCI') NOT NULL,
  `attach_info` varchar(255) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`),
  KEY `attach_handles_cpid_id_idx` (`cpid_id`),
  KEY `attach_handles_deployable_id_idx` (`deployable_id`),
  CONSTRAINT `attach_handles_ibfk_1` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`),
  CONSTRAINT `attach_handles_ibfk_2` FOREIGN KEY (`cpid_id`) REFERENCES `controlpath_ids` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=61 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attach_handles` WRITE;
/*!40000 ALTER TABLE `attach_handles` DISABLE KEYS */;
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:43','2026-11-23 06:55:48',1,'6702eebc-dd11-4537-978c-64250862b72b',1,1,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:43','2026-11-23 06:55:51',2,'41d607c2-0364-4cf1-8f6e-42b4b370281a',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:43',NULL,3,'1404ec2e-43bf-4781-9a27-f54f07db8212',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:43',NULL,4,'4c309fd5-e7f2-47a9-bafa-6331bbc4ac96',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:43',NULL,5,'b981f92e-0f9b-4244-b486-6e7f91272e5c',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:43',NULL,6,'930ae349-b978-4d27-91ca-d0f41188b09f',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,7,'8d7d552d-a21d-46d5-b2dc-c180ed411bd6',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,8,'9538eed0-f9c0-4b40-a530-f804cb09dcf4',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,9,'d4283b91-e620-4a29-896a-f69abb1c29ab',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,10,'9f8f1a11-4ce5-4e5f-9c5c-cec7f004d855',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,11,'e851b6fc-ca63-4e76-9626-fdc36af5a49b',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,12,'594e1ddf-3aba-43f2-a5ff-9e2391dd536b',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,13,'072c87eb-dfa9-4055-9669-6cea34c2ea91',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,14,'6704de90-1611-4e4b-81e9-c056968ef9a3',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,15,'1e1a92fe-0520-48cb-ac2d-26d0f6228810',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,16,'0f22fee6-846f-46cf-9a4d-7f8ee04b2284',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,17,'1f20c4e8-bc7a-42be-88d5-234ab1f8a8ae',2,2,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,18,'230ba0d7-cfe2-4735-94e9-86e832cd398e',3,3,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:44',NULL,19,'110faf8f-fa06-4cd3-9f9e-9ab219b7cd15',4,4,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45','2026-11-23 06:55:49',20,'251e04f4-7485-49ff-9c64-95da9a913dc8',5,5,1,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,21,'46bbc16d-9bd3-4832-a529-e8f4af71b092',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,22,'8545a3a7-5474-4e5d-a444-29e81f936d91',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,23,'4df774a0-ae52-451d-bdcf-a8b76f788408',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,24,'81169672-cf28-49f2-b504-e5f943062383',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,25,'f4fa26f3-74cd-47b4-a110-38d48a770ecb',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,26,'616852ea-fadb-4043-b1c3-0c02b2771365',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,27,'f1df0b57-5f12-4df5-9591-1c8522b662c8',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,28,'1994ffd0-cd07-43d8-acca-a634bd77abc2',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_8\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,29,'3e08924f-7b2a-4936-b41d-e5dc2a0ab723',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_9\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,30,'7f32151c-52de-4820-ab61-26ace55ac89a',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_10\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,31,'2f602f23-7807-4f71-b69d-cab22c70121e',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_11\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,32,'60615544-e67d-42fd-afdd-f3ba88793a75',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_12\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,33,'2f5da9f4-113d-4228-bf1b-a5f81a1c52d1',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_13\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,34,'42831616-c6ab-4aff-8281-77576953edb3',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_14\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,35,'46f2524e-25d8-4c0c-8555-111fb59c24be',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_15\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:45',NULL,36,'597bee47-6888-4305-9f51-65702844aca6',6,6,0,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:46',NULL,37,'bc401b73-5716-4fed-90d2-f62231e65919',7,7,0,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:46',NULL,38,'bd070598-b384-44ca-838c-50f8073a325c',8,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:46',NULL,39,'0ccdfe88-385e-4f11-a2b0-55b77572b1fa',9,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:46','2026-11-23 06:55:50',40,'b1f13d35-eb50-4da8-9721-e69d36cff92d',10,9,1,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:46',NULL,41,'3248379e-2177-4139-95af-577979a6fb13',10,9,0,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:47',NULL,42,'8841ccb2-f23c-49ba-bf31-9986a882c7ce',11,10,0,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:47',NULL,43,'6bff0d80-f9e2-4721-8cfe-80a7b2ee9f5b',12,11,0,'PCI','{\"bus\": \"00\", \"device\": \"05\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:47',NULL,44,'184cfae6-9c1b-4128-907a-c24c0b3baa2e',13,12,0,'PCI','{\"bus\": \"90\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48','2026-11-23 06:55:49',45,'87bf63aa-f331-4339-bdea-6827a0ccf86f',14,13,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,46,'b8fe0ae8-c81f-48d8-b8ba-275206f1742d',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,47,'13e35e53-c2e2-4e90-8493-6a7399c4dda5',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,48,'2cf154f9-12e5-41b6-bd57-6d7b78b6fdd6',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,49,'efe2d641-6444-46f9-a585-a3e8427cd310',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,50,'bf3ce9e5-a955-46a1-8ff4-8be6efc7ca6d',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,51,'7fab99d5-9416-4402-a45a-c6a535278a5a',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,52,'7d57efb2-fadb-4d73-af88-66f53534106f',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,53,'69d84f99-e131-4fcb-b025-42f2811218d8',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,54,'f3193aac-e84f-4fce-a504-c5386d52cc88',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,55,'0025ce07-1ac7-42f5-8a89-3d455e61940d',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,56,'afaaef6a-cd45-46dd-94fe-1507623a86a8',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,57,'743d1d3b-774d-4835-b0a4-14a4f51a256b',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,58,'8f72cecb-d49a-4d5f-9765-d7a358d5f0a8',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,59,'fe99ffb9-64ac-41a0-b977-b82a30c06984',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:55:48',NULL,60,'fa19dfa9-ab81-4e63-8341-aba305a47014',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
/*!40000 ALTER TABLE `attach_handles` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `attributes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `attributes` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `deployable_id` int(11) NOT NULL,
  `key` text NOT NULL,
  `value` text NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`),
  KEY `ix_attributes_deployable_id` (`deployable_id`),
  CONSTRAINT `attributes_ibfk_1` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=39 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attributes` WRITE;
/*!40000 ALTER TABLE `attributes` DISABLE KEYS */;
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:43',NULL,1,'f1948840-157d-4c5d-a6a4-b437155628f5',1,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:43',NULL,2,'62a8294f-f240-475c-8b76-e437114e22af',1,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,3,'556f0d8b-90cf-4956-af86-f04646ff3525',2,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,4,'a9e4753f-a4d3-4ef8-b137-acbafe48d87b',2,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,5,'73493cc7-cd04-4f5a-a224-a3b152201ab5',2,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,6,'16aaea30-a6d8-40ea-a79e-3a9a70fe908c',3,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,7,'4a76202b-9611-4064-a2fa-4cc3be44550f',3,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,8,'dfc9d58c-b957-49de-85cb-5797acb8a60b',3,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,9,'6681d091-8255-4fcf-b46f-7734b41b026b',4,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,10,'63f35552-a057-4762-8500-e15cb4ef274d',4,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:44',NULL,11,'eba5341c-900f-4080-9596-aa65cc01323b',4,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,12,'d5b826d3-b494-4e19-941b-e3c41ddb59a1',5,'rc','VGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,13,'12a83bc7-f096-4203-bff2-ef02080b9bcc',5,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,14,'9b5bef13-0456-4397-b3a9-f9b2d1247516',5,'trait1','CUSTOM_NVIDIA_1EB8_T4_1B');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,15,'09cb1337-7b0b-472c-ac43-21421f36a062',6,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,16,'d3e79664-26ed-4d7f-8a12-74de87437a59',6,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,17,'e826d7c6-d87a-4dc3-b93c-83938a7ef052',6,'trait1','CUSTOM_NVIDIA_26B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:45',NULL,18,'d8eb7a8e-6c4c-481d-821d-02e548cb70ba',7,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,19,'4344f8a0-4dcd-4a4c-afa1-90d68fa33b23',7,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,20,'a004f9b0-73f5-4dde-8869-2bbfc214e143',7,'trait1','CUSTOM_NVIDIA_1DB4');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,21,'36326674-ac91-4744-a198-84e1557ca63e',8,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,22,'c0a1d065-5bc9-48c4-b02f-9e21511413cb',9,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,23,'2fb5433b-3707-4c3c-9052-f1dfae6044ec',10,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,24,'3d8036fb-532e-47bb-8db3-7689e6003b14',10,'trait0','CUSTOM_FPGA_XILINX');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:46',NULL,25,'4150a337-0035-4398-ab54-6b4584b68d51',10,'trait1','CUSTOM_FPGA_PRODUCT_ID_5004');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,26,'88d81365-fd84-4246-9329-9d739cf5a517',11,'trait0','CUSTOM_FPGA_INTEL');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,27,'f4b4c777-e4c0-4850-954f-963b88e41dc5',11,'trait1','CUSTOM_FPGA_INTEL_PAC_ARRIA10');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,28,'df3534b2-cd4a-45db-af8f-b199f6cc1924',11,'trait2','CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,29,'d51a5af3-8344-4eda-9905-f868aecc779c',11,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,30,'beaec2cc-fafb-4d33-b079-053f26ed0a64',11,'trait2','CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,31,'1eb45383-4a5e-45ec-8d19-49983cb8d2f5',12,'rc','CUSTOM_PCI');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,32,'aa7def14-252c-4a78-a4a1-9667eb052ee1',12,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,33,'3b5ea681-04c4-4b87-ad8b-5f1980a4722d',12,'trait1','CUSTOM_PCI_PRODUCT_ID_1044');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,34,'99d953d5-a900-4289-add5-1226d4ceb3b8',13,'rc','CUSTOM_PCI');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,35,'e01be4a5-52bf-492d-b8e4-db93f3fb7aeb',13,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:47',NULL,36,'70016651-2f83-4692-a560-a9a379d111aa',13,'trait1','CUSTOM_PCI_PRODUCT_ID_14DC');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:48',NULL,37,'788168b6-6c9e-4203-96b4-92cab4e443e8',14,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 06:55:48',NULL,38,'573a399a-90f0-4d7a-bc74-d33bc6c1c6a5',14,'rc','FPGA');
/*!40000 ALTER TABLE `attributes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `controlpath_ids`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `controlpath_ids` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `device_id` int(11) NOT NULL,
  `cpid_type` enum('PCI') NOT NULL,
  `cpid_info` varchar(255) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`),
  KEY `ix_controlpath_ids_device_id` (`device_id`),
  CONSTRAINT `controlpath_ids_ibfk_1` FOREIGN KEY (`device_id`) REFERENCES `devices` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=14 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `controlpath_ids` WRITE;
/*!40000 ALTER TABLE `controlpath_ids` DISABLE KEYS */;
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:43',NULL,1,'39c3de5d-ef5c-4324-bca2-abc6c3c39fd7',1,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:44',NULL,2,'19c90bf9-ac94-465a-9e5e-dbcc7d6b8c4b',2,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:44',NULL,3,'8fe8045b-4e81-4f9f-9ce1-b317fb93bf6c',3,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:44',NULL,4,'4e9997a5-525f-4e88-baf0-007002c44074',4,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:44',NULL,5,'955b3dd9-5e67-40f8-9170-c9ded4d1dcb6',5,'PCI','{\"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:45',NULL,6,'acb221b0-d718-4f41-9402-f0bc8d8a9e35',6,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:45',NULL,7,'89640c55-6eb6-4fb8-a9fb-ce9817a98b65',7,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:46',NULL,8,'475e19d9-eabb-4aae-bfac-4c971763749b',8,'PCI','{\"bus\": \"3d\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:46',NULL,9,'022d3c8e-0a25-4bcd-b491-7b39cf30de1f',9,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:47',NULL,10,'f1c1a3de-1f0a-44f5-bcdd-915987ee673e',10,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:47',NULL,11,'d8ef8f96-d42c-47f0-b15f-10a58d0070ab',11,'PCI','{\"bus\": \"00\", \"device\": \"05\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:47',NULL,12,'127bce95-093b-4a9a-a185-10deaba5b8ea',12,'PCI','{\"bus\": \"90\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:55:48',NULL,13,'b8d4b491-f139-4621-a1c9-38c5bbe5eeab',13,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
/*!40000 ALTER TABLE `controlpath_ids` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `deployables`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `deployables` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `parent_id` int(11) DEFAULT NULL,
  `root_id` int(11) DEFAULT NULL,
  `name` varchar(255) NOT NULL,
  `num_accelerators` int(11) NOT NULL,
  `device_id` int(11) NOT NULL,
  `rp_uuid` varchar(36) DEFAULT NULL,
  `driver_name` varchar(100) DEFAULT NULL,
  `bitstream_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`),
  KEY `deployables_root_id_idx` (`root_id`),
  KEY `deployables_parent_id_idx` (`parent_id`),
  KEY `deployables_device_id_idx` (`device_id`),
  CONSTRAINT `deployables_ibfk_1` FOREIGN KEY (`parent_id`) REFERENCES `deployables` (`id`) ON DELETE CASCADE,
  CONSTRAINT `deployables_ibfk_2` FOREIGN KEY (`root_id`) REFERENCES `deployables` (`id`) ON DELETE CASCADE,
  CONSTRAINT `deployables_ibfk_3` FOREIGN KEY (`device_id`) REFERENCES `devices` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=15 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `deployables` WRITE;
/*!40000 ALTER TABLE `deployables` DISABLE KEYS */;
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:43','2026-11-23 06:55:44',1,'9b647ad4-b569-4933-ad30-2fb94f0bb96f',NULL,NULL,'compute1_FakeDevice',16,1,'f9d7848a-7688-361f-8e4b-3e58185de5fe','fake',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:44','2026-11-23 06:55:44',2,'7bfd6d1b-8a83-4ee2-86de-419f14b73de1',NULL,NULL,'compute1_0000:41:00.0',1,2,'c0b5a384-b671-3610-a5fa-8aaac1e4e28f','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:44','2026-11-23 06:55:44',3,'ae33afd2-cffe-4727-82fa-75e879818185',NULL,NULL,'compute1_0000:41:00.4',1,3,'1d966ca7-e533-3d42-a95d-c164a1465fd2','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:44','2026-11-23 06:55:44',4,'258f992d-548f-4da0-8628-af1da363ca71',NULL,NULL,'compute1_0000:41:00.5',1,4,'15339227-6a5b-3b70-aa3a-b9364a442f6b','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:44','2026-11-23 06:55:45',5,'4c3edb80-924e-45e0-ba28-0378ba6448c0',NULL,NULL,'compute1_0000:af:00.0',16,5,'5b0dd8ca-0827-3ef3-804e-232d0228a582','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:45','2026-11-23 06:55:45',6,'3b3e7cac-67cb-4fe8-a9a5-b32dd8b00e11',NULL,NULL,'compute1_0000:c1:00.0',1,6,'c37b349a-37fb-31d2-8d0d-d6c618a6c39e','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:45','2026-11-23 06:55:46',7,'7311dcc0-c866-4678-a747-733a0c8edcff',NULL,NULL,'compute1_0000:d1:00.0',1,7,'695e4372-15af-37bc-99a1-0a93a2663c57','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:46','2026-11-23 06:55:46',8,'2d7fda9f-fa34-4ffb-be63-b1537cc6f06e',NULL,NULL,'compute1_0000:3d:01.1',1,8,'33e4514d-bab1-30b9-9046-eab9e609b06e','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:46','2026-11-23 06:55:46',9,'95380f23-b00d-4b17-a1e8-7b2c85a746dd',NULL,NULL,'compute1_0000:3d:01.0',1,8,'77b749ba-0b21-3675-9107-c005f4581500','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:46','2026-11-23 06:55:47',10,'a7ae7528-4708-4e81-a5ef-779cdbf8394c',NULL,NULL,'compute1_0000:3b:00.0',1,9,'6cd2aca9-08d5-3e7e-b324-6c788dcceac8','XILINX',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:47','2026-11-23 06:55:47',11,'df01c459-2bb4-4c5f-a704-b61475715cc2',NULL,NULL,'compute1_0000:86:00.1',1,10,'4fd160ea-ee72-3306-9e97-9f382077469a','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:47','2026-11-23 06:55:47',12,'2943fb88-c6f6-43f7-be83-83771a6737a7',NULL,NULL,'compute1_0000:00:05.0',1,11,'e1144223-d92d-37a3-b4b7-918d548aced7','1AF4',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:47','2026-11-23 06:55:47',13,'641bffb8-f8ec-41e0-b104-8823aa269d0f',NULL,NULL,'compute1_0000:90:00.0',1,12,'447f53a1-73d7-3faf-84ab-72d398fabb6e','1022',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:55:48','2026-11-23 06:55:48',14,'44f44bbe-c79f-499c-a242-598637806591',NULL,NULL,'compute2_FakeDevice',16,13,'1abf51e6-7b4d-3363-997b-5bd96bd3c8e3','fake',NULL);
/*!40000 ALTER TABLE `deployables` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `device_profiles`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `device_profiles` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `profile_json` text NOT NULL,
  `description` text DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_device_profiles0uuid` (`uuid`),
  UNIQUE KEY `uniq_device_profiles0name` (`name`)
) ENGINE=InnoDB AUTO_INCREMENT=7 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `device_profiles` WRITE;
/*!40000 ALTER TABLE `device_profiles` DISABLE KEYS */;
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:55:48',NULL,1,'bea4bdb9-9b9f-4111-8cd3-d1aa3f653f1b','fpga','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FAKE_DEVICE\": \"required\"}]}','A fake FPGA');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:55:48',NULL,2,'223d306d-3749-4939-95b2-1ae6f17f4f9f','xilinx','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FPGA_XILINX\": \"required\"}]}','An Alveo card');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:55:48',NULL,3,'7f409b98-e7f9-4c65-a5cd-0c9ccb74604d','vgpu','{\"groups\": [{\"resources:VGPU\": \"1\", \"trait:CUSTOM_NVIDIA_1EB8_T4_1B\": \"required\"}]}','A T4 vGPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:55:48',NULL,4,'fc854042-f17c-4a57-8215-e8cc6fe865f1','pgpu','{\"groups\": [{\"resources:PGPU\": \"1\"}]}','A whole GPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:55:48',NULL,5,'0d74bf5b-9b56-4d11-83b6-c41332d19c57','qat','{\"groups\": [{\"resources:CUSTOM_QAT\": \"1\"}]}',NULL);
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:55:48',NULL,6,'73b42d89-defa-45c1-80be-740a69ed18c1','fpga-and-pci','{\"groups\": [{\"resources:FPGA\": \"1\"}, {\"resources:CUSTOM_PCI\": \"1\", \"trait:CUSTOM_PCI_PRODUCT_ID_1044\": \"required\"}]}','Two groups');
/*!40000 ALTER TABLE `device_profiles` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `devices`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `devices` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `type` enum('GPU','FPGA','AICHIP','QAT','NIC','SSD','MDEV','PCI','NVME') NOT NULL,
  `vendor` varchar(255) NOT NULL,
  `model` varchar(255) NOT NULL,
  `std_board_info` text DEFAULT NULL,
  `vendor_board_info` text DEFAULT NULL,
  `hostname` varchar(255) NOT NULL,
  `status` enum('enabled','maintaining') NOT NULL,
  `device_state` enum('available','allocated','pending_cleaning','cleaning','error') DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`)
) ENGINE=InnoDB AUTO_INCREMENT=14 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `devices` WRITE;
/*!40000 ALTER TABLE `devices` DISABLE KEYS */;
INSERT INTO `devices` VALUES ('2026-11-23 06:55:43',NULL,1,'17bc6b71-74ed-441d-9776-1b5e167b932b','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:44',NULL,2,'678f627c-9676-49e6-b2ae-8241386ea303','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:44',NULL,3,'0f9f9563-2b92-4f4b-aafa-b196925547ec','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:44',NULL,4,'a346c4f2-38b4-4ad3-9f88-491f06dc848b','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:44',NULL,5,'e01ad34f-9d99-4150-8e45-a2f6e1ec44b7','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1eb8\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:45',NULL,6,'227c107b-bde9-4cd6-8dbe-e6e250f29ef7','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"26b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:45',NULL,7,'269d7350-b9f9-4912-99b4-29f35ad3bc04','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1db4\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:46',NULL,8,'1c36f874-4bd7-4cd7-88d7-05fbddb33ae3','QAT','0x8086','miss_model_info','{\"product_id\": \"0x37c8\"}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:46',NULL,9,'ef165262-7a5e-4487-acc9-fd679a842d95','FPGA','10ee','Xilinx Corporation Device','{\"product_id\": \"5004\", \"controller\": \"Processing accelerators\"}','{\"vendor_info\": \"fpga_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:47',NULL,10,'9915973a-f7f9-4cf5-bb0f-fda1bd1bf401','FPGA','0x8086','miss_model_info','{\"product_id\": \"0x09c4\"}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:47',NULL,11,'05018665-aeb1-44f0-8273-88b240b5b5fb','GPU','1af4','1044','{\"product_id\": \"1044\", \"controller\": null}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:47',NULL,12,'d790dac1-eba3-46be-890d-a9ec5089fee4','GPU','1022','14dc','{\"product_id\": \"14dc\", \"controller\": null}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:55:48',NULL,13,'e881a07f-a1ea-46ed-bf42-233f16d454bd','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute2','enabled','available');
/*!40000 ALTER TABLE `devices` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `extended_accelerator_requests`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `extended_accelerator_requests` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `state` enum('Initial','BindStarted','Bound','Unbound','BindFailed','Deleting') NOT NULL,
  `device_profile_id` int(11) NOT NULL,
  `hostname` varchar(255) DEFAULT NULL,
  `device_rp_uuid` varchar(36) DEFAULT NULL,
  `attach_handle_id` int(11) DEFAULT NULL,
  `substate` enum('Initial') NOT NULL,
  `deployable_id` int(11) DEFAULT NULL,
  `device_profile_group_id` int(11) NOT NULL,
  `instance_uuid` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`),
  KEY `extArqs_device_profile_id_idx` (`device_profile_id`),
  KEY `extArqs_device_rp_uuid_idx` (`device_rp_uuid`),
  KEY `extArqs_attach_handle_id_idx` (`attach_handle_id`),
  KEY `extArqs_deployable_id_idx` (`deployable_id`),
  KEY `extArqs_project_id_idx` (`project_id`),
  KEY `extArqs_instance_uuid_idx` (`instance_uuid`),
  CONSTRAINT `extended_accelerator_requests_ibfk_1` FOREIGN KEY (`device_profile_id`) REFERENCES `device_profiles` (`id`),
  CONSTRAINT `extended_accelerator_requests_ibfk_2` FOREIGN KEY (`attach_handle_id`) REFERENCES `attach_handles` (`id`),
  CONSTRAINT `extended_accelerator_requests_ibfk_3` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=8 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `extended_accelerator_requests` WRITE;
/*!40000 ALTER TABLE `extended_accelerator_requests` DISABLE KEYS */;
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:48','2026-11-23 06:55:49',1,'1d41fe5a-8dd9-47a3-bf29-564d490ca9ea','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',1,'compute1.example.org','f9d7848a-7688-361f-8e4b-3e58185de5fe',1,'Initial',1,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:49','2026-11-23 06:55:49',2,'e0ffd2dd-9406-44bf-9a6b-503ea540530f','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',3,'compute1.example.org','5b0dd8ca-0827-3ef3-804e-232d0228a582',20,'Initial',5,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:49','2026-11-23 06:55:50',3,'5e5582ee-1af4-42bc-8a8b-2730c247bc41','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',1,'compute2','1abf51e6-7b4d-3363-997b-5bd96bd3c8e3',45,'Initial',14,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:50','2026-11-23 06:55:50',4,'7cbc7e98-26e6-4a70-a30e-6d2d27962a7f','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',2,'compute1.example.org','6cd2aca9-08d5-3e7e-b324-6c788dcceac8',40,'Initial',10,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:50',NULL,5,'7a41db8e-10e5-49e9-8aa0-c7857fbe238d','a1b2c3d4e5f60718293a4b5c6d7e8f90','Initial',5,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:50','2026-11-23 06:55:51',6,'4abcfade-e1c6-470d-a12a-008007a08bc1','a1b2c3d4e5f60718293a4b5c6d7e8f90','Unbound',1,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:55:51','2026-11-23 06:55:51',7,'6e9a19e7-bc03-4f57-91de-f9e260466a6d','a1b2c3d4e5f60718293a4b5c6d7e8f90','BindFailed',1,'compute2',NULL,NULL,'Initial',NULL,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04');
/*!40000 ALTER TABLE `extended_accelerator_requests` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `quota_usages`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `quota_usages` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `project_id` varchar(255) DEFAULT NULL,
  `user_id` varchar(255) DEFAULT NULL,
  `resource` varchar(255) NOT NULL,
  `in_use` int(11) NOT NULL,
  `reserved` int(11) NOT NULL,
  `until_refresh` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_quota_usages_project_id` (`project_id`),
  KEY `ix_quota_usages_user_id` (`user_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `quota_usages` WRITE;
/*!40000 ALTER TABLE `quota_usages` DISABLE KEYS */;
/*!40000 ALTER TABLE `quota_usages` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `reservations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `reservations` (
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `uuid` varchar(36) NOT NULL,
  `usage_id` int(11) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `user_id` varchar(255) DEFAULT NULL,
  `resource` varchar(255) DEFAULT NULL,
  `delta` int(11) NOT NULL,
  `expire` datetime DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `usage_id` (`usage_id`),
  KEY `ix_reservations_project_id` (`project_id`),
  KEY `ix_reservations_user_id` (`user_id`),
  KEY `reservations_uuid_idx` (`uuid`),
  CONSTRAINT `reservations_ibfk_1` FOREIGN KEY (`usage_id`) REFERENCES `quota_usages` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `reservations` WRITE;
/*!40000 ALTER TABLE `reservations` DISABLE KEYS */;
/*!40000 ALTER TABLE `reservations` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

