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
INSERT INTO `alembic_version` VALUES ('6c77bd6afea5');
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
  KEY `attach_handles_deployable_id_idx` (`deployable_id`),
  KEY `attach_handles_cpid_id_idx` (`cpid_id`),
  CONSTRAINT `attach_handles_ibfk_1` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`),
  CONSTRAINT `attach_handles_ibfk_2` FOREIGN KEY (`cpid_id`) REFERENCES `controlpath_ids` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=59 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attach_handles` WRITE;
/*!40000 ALTER TABLE `attach_handles` DISABLE KEYS */;
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52','2026-11-23 21:41:57',1,'f64cd358-5a1d-4384-abe3-d82204a9b19a',1,1,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52','2026-11-23 21:42:00',2,'ae5ff190-675d-4b01-90c2-539b13935b96',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,3,'966d869d-5cef-4bff-994f-26fcea801d82',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,4,'65874314-93a2-49bc-8d5d-52b840ce41cc',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,5,'33722ae7-b8e8-4403-beb8-6cee8689da4e',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,6,'fee2f98d-62ef-4b9f-a2fd-5bb2a4d309ef',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,7,'4aa7a3b9-7b15-4cd7-8376-884744dc8742',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,8,'9642cde8-c814-4a8e-b284-a61918566dff',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,9,'15a30c98-a383-4d57-93dc-3a39bb377b36',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,10,'ffd314fb-4531-4f21-85c4-b61c3f8506ef',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,11,'92dbc556-1183-4889-b391-6c8b8161d205',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:52',NULL,12,'a8e81c52-c657-4011-be94-212897686d72',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,13,'5cb4846e-f3e9-4226-aaff-4f7bbe71b661',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,14,'0cffcaf4-a362-43ae-bc49-fd33eb70ec07',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,15,'3fcccca4-453c-4705-ad04-1111f4befb41',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,16,'86685093-78cb-42fc-9f76-433a5b934398',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,17,'52eab86c-dfa2-407b-bde1-9d7f04ac1f0a',2,2,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,18,'0f322498-f6df-4419-9692-99f58cf9e683',3,3,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:53',NULL,19,'e9864b26-0baf-4914-b216-3b79b4223a34',4,4,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54','2026-11-23 21:41:57',20,'97da56b0-b199-4126-90bc-cdd36e4ec123',5,5,1,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,21,'83b826b3-e77d-4d49-81ff-5ee1eaadc071',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,22,'a68edc6b-509f-45d7-98d7-2d1f9ec4f099',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,23,'2971f1a0-206f-46b7-aef2-78d94c4af6d9',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,24,'852eae71-71a3-488b-8f5c-7c1108623d6d',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,25,'88f64a2a-743b-4c1a-99e2-2beb67addd8a',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,26,'35b15d85-2807-45f3-bca9-009b84647af1',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,27,'5dde9d03-8151-4abe-a703-89d3dc9e69d0',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,28,'8643070a-ec60-480a-b87f-f0cefcfd3442',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_8\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,29,'8fc2b624-8bed-42cd-82d0-dae8bc965a11',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_9\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,30,'f4ec6de7-df4d-4032-829a-9e0c9bc51433',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_10\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,31,'3e3f195d-18c9-49f0-80b9-6a9e10d30c6b',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_11\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,32,'081067a7-769e-49f4-bb50-ba1099eb786a',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_12\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,33,'fe4f061d-ae2b-44a1-9dfc-44d84109c994',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_13\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,34,'856ba38f-7817-4e83-972d-850374a5cb3c',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_14\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,35,'5d08857a-662d-426a-8903-ba50fe226d40',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_15\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,36,'c560667a-c127-42fb-921a-383a429ec81f',6,6,0,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:54',NULL,37,'688fa035-63a3-4766-a795-efe9a0e3cc66',7,7,0,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:55',NULL,38,'c8b7f9b4-8909-4ecd-a2ac-8e4f622a9dc1',8,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:55',NULL,39,'7689686f-0ce4-4db2-b574-a5f60361bbe2',9,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:55','2026-11-23 21:41:59',40,'e7f58138-da93-4863-bd1b-d546d4725509',10,9,1,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:55',NULL,41,'ec6b69bb-3dbd-4c4a-ab72-6e8985a9a907',10,9,0,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,42,'417ec272-0cae-48c9-8953-2c1e2831761d',11,10,0,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56','2026-11-23 21:41:58',43,'20a8e91b-e689-44a4-9ec7-b082f2e22e1b',12,11,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,44,'f045b22d-36d0-49ea-a605-36d76ba1cdb0',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,45,'9063672f-350f-44c7-a2b4-d14b3e40cb7c',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,46,'eb373463-deff-41c1-9173-9aaf3eb31141',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,47,'6796e5a6-15f7-4123-9f1b-c18a0ea71c86',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,48,'639ffeeb-e706-4b11-955b-ad25769fbae4',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,49,'f03827d3-bf2e-47e1-9c83-c65002babeff',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,50,'87c66650-3ae0-4294-8de1-4746c8dd9616',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,51,'b9a83093-4b8b-47da-8a41-5b9d5b7f3895',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,52,'c679330d-818b-424f-b694-dc11b8478d5f',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,53,'9425c9fa-1146-44e0-9b15-45c29b1f3fb6',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,54,'ca21ebe0-6a0c-4b9d-b8f8-68f257033eb6',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,55,'ff46a663-f6a6-4947-b985-a61be2672062',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,56,'5eb3bcfc-b2f2-47d1-8459-7327e2da25ea',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,57,'4ec788cb-6d81-4f7e-b331-7dffae189270',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:41:56',NULL,58,'5ebf043c-f2ce-4ae6-8c23-1b50b2d44e4a',12,11,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
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
) ENGINE=InnoDB AUTO_INCREMENT=33 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attributes` WRITE;
/*!40000 ALTER TABLE `attributes` DISABLE KEYS */;
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:52',NULL,1,'7f97828b-f406-463a-976d-b821fa50bfcd',1,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:52',NULL,2,'4af3ce05-0c29-494f-9857-89879350295d',1,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,3,'c17ca05d-48b1-4226-afd0-5057d0eb5eee',2,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,4,'58d35a6f-846f-4723-89ab-4060afce6bb3',2,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,5,'d837627c-e0a6-4374-bd84-b28b886313e1',2,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,6,'dadace08-d44f-4c3a-9d79-6a163faec79c',3,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,7,'8b1f94ef-7d42-4bdd-91ea-a1bfc665bdce',3,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,8,'1e7c0b9c-9960-462e-b9be-f643a9bf15fe',3,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,9,'431df36b-1d03-4bec-9455-4e8c2f7d2cd1',4,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,10,'d0dcb5bb-5498-4f90-adc8-cc646a45ec62',4,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:53',NULL,11,'b4148ae7-c175-4329-b729-247e9373eaa4',4,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,12,'ddd3d57a-f90f-464d-8117-d7c0af84171e',5,'rc','VGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,13,'58b0db6b-e7c0-414f-829c-3c6ba140ef61',5,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,14,'90efa773-23ad-4ea3-bd42-af60ce0d2d91',5,'trait1','CUSTOM_NVIDIA_1EB8_T4_1B');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,15,'4b0233af-acd1-4f42-91cd-2edd05e9456a',6,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,16,'45a30f26-8852-4b04-badb-5caeea0d254d',6,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,17,'a8ee0500-9821-4ef4-b6d0-bc9f543b7d81',6,'trait1','CUSTOM_NVIDIA_26B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,18,'4dbb9875-90e5-48ac-8bc4-8ab291a1383e',7,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,19,'5b280585-8355-4632-8129-85470b3bd166',7,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:54',NULL,20,'aa205ad5-29a5-40e5-bff1-caca1d297ddb',7,'trait1','CUSTOM_NVIDIA_1DB4');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:55',NULL,21,'1f0ff449-f795-4385-82bc-c05a63b40314',8,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:55',NULL,22,'152e850e-afc3-428a-b2f1-ec9eab097919',9,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:55',NULL,23,'be8618fa-0ebf-4239-bbda-20f2ade27d6b',10,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:55',NULL,24,'a388371f-26f6-4821-a8e2-6cead0a6f855',10,'trait0','CUSTOM_FPGA_XILINX');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:55',NULL,25,'eaa22c77-5cdd-4dfc-b07a-5f9d851b9f80',10,'trait1','CUSTOM_FPGA_PRODUCT_ID_5004');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:55',NULL,26,'1ebd5bdc-2545-419a-82ac-ac7983215393',11,'trait0','CUSTOM_FPGA_INTEL');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:56',NULL,27,'c695a26a-fdb4-4f7d-b709-2fc4e3578138',11,'trait1','CUSTOM_FPGA_INTEL_PAC_ARRIA10');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:56',NULL,28,'17394a1f-0aef-4f5c-bda7-9eed40713d87',11,'trait2','CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:56',NULL,29,'833ab248-78b0-41d1-9047-d3b1cba4c1b2',11,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:56',NULL,30,'ce96587c-766c-4d0d-9c14-00c22446a974',11,'trait2','CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:56',NULL,31,'2fdb5ba0-3a08-45ed-a0bc-83787c08afad',12,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 21:41:56',NULL,32,'33a5ee09-02eb-4ea9-8c8f-863e9a3e6b44',12,'rc','FPGA');
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
) ENGINE=InnoDB AUTO_INCREMENT=12 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `controlpath_ids` WRITE;
/*!40000 ALTER TABLE `controlpath_ids` DISABLE KEYS */;
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:52',NULL,1,'b04a010e-5d2f-44e0-a1b9-94cdc701594a',1,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:53',NULL,2,'fb1d3a04-df4d-4601-a185-0ac26a0443e9',2,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:53',NULL,3,'c9ef6fa4-a7f3-49e0-b6ea-038d24c039f0',3,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:53',NULL,4,'4def7a8a-eccd-4293-af87-fe8697814458',4,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:53',NULL,5,'ddcde81b-66f3-4870-8a89-729cbcf6119a',5,'PCI','{\"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:54',NULL,6,'b5d3f4ce-d567-4683-bd16-25a6cb3978bc',6,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:54',NULL,7,'362ff4a8-bfff-407f-b5c7-26a5eff4b72f',7,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:55',NULL,8,'f9bc6381-2101-4dc6-8d31-479997b723ca',8,'PCI','{\"bus\": \"3d\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:55',NULL,9,'2afcbcd3-0a83-4a70-b2af-a1950552818b',9,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:55',NULL,10,'7aad6dee-cc90-4906-a351-591d8f3a740e',10,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:41:56',NULL,11,'81a34f15-0a34-4fc9-b860-83462e134bd2',11,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
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
) ENGINE=InnoDB AUTO_INCREMENT=13 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `deployables` WRITE;
/*!40000 ALTER TABLE `deployables` DISABLE KEYS */;
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:52','2026-11-23 21:41:53',1,'4714824d-0317-4bd3-9fa6-1a7d92074208',NULL,NULL,'compute1_FakeDevice',16,1,'f9d7848a-7688-361f-8e4b-3e58185de5fe','fake',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:53','2026-11-23 21:41:53',2,'36e7922f-7185-4044-a52d-0f21a536dc54',NULL,NULL,'compute1_0000:41:00.0',1,2,'c0b5a384-b671-3610-a5fa-8aaac1e4e28f','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:53','2026-11-23 21:41:53',3,'b28b84c7-d674-43bf-a816-d8784cef3033',NULL,NULL,'compute1_0000:41:00.4',1,3,'1d966ca7-e533-3d42-a95d-c164a1465fd2','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:53','2026-11-23 21:41:53',4,'73490753-3a69-401b-ad36-6fae3ed335d6',NULL,NULL,'compute1_0000:41:00.5',1,4,'15339227-6a5b-3b70-aa3a-b9364a442f6b','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:54','2026-11-23 21:41:54',5,'6cfcc942-4af1-439c-a67a-58f2f0945232',NULL,NULL,'compute1_0000:af:00.0',16,5,'5b0dd8ca-0827-3ef3-804e-232d0228a582','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:54','2026-11-23 21:41:54',6,'0bccb1d1-d82d-46af-9025-6416f24c2628',NULL,NULL,'compute1_0000:c1:00.0',1,6,'c37b349a-37fb-31d2-8d0d-d6c618a6c39e','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:54','2026-11-23 21:41:55',7,'516e8051-73f2-42af-b748-545185795835',NULL,NULL,'compute1_0000:d1:00.0',1,7,'695e4372-15af-37bc-99a1-0a93a2663c57','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:55','2026-11-23 21:41:55',8,'6796b8d2-8c74-4c66-b07b-bde22a786547',NULL,NULL,'compute1_0000:3d:01.1',1,8,'33e4514d-bab1-30b9-9046-eab9e609b06e','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:55','2026-11-23 21:41:55',9,'5ae305f3-edda-4236-973b-aa4e208fbdbe',NULL,NULL,'compute1_0000:3d:01.0',1,8,'77b749ba-0b21-3675-9107-c005f4581500','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:55','2026-11-23 21:41:55',10,'624d455f-1d3e-495a-b399-577dc2465af2',NULL,NULL,'compute1_0000:3b:00.0',1,9,'6cd2aca9-08d5-3e7e-b324-6c788dcceac8','XILINX',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:55','2026-11-23 21:41:56',11,'952259c1-6000-46a5-918e-704d43653bb3',NULL,NULL,'compute1_0000:86:00.1',1,10,'4fd160ea-ee72-3306-9e97-9f382077469a','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:41:56','2026-11-23 21:41:56',12,'a8432071-17ca-4add-be0a-428a426048c5',NULL,NULL,'compute2_FakeDevice',16,11,'1abf51e6-7b4d-3363-997b-5bd96bd3c8e3','fake',NULL);
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
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:41:56',NULL,1,'300e4a8d-f38c-4db4-b83f-8ca0075c3d1a','fpga','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FAKE_DEVICE\": \"required\"}]}','A fake FPGA');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:41:56',NULL,2,'1b1fc85d-b628-4c83-ab6a-bc073c5b4528','xilinx','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FPGA_XILINX\": \"required\"}]}','An Alveo card');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:41:56',NULL,3,'eafee150-e94c-4c53-bb5f-7fcac38be7b3','vgpu','{\"groups\": [{\"resources:VGPU\": \"1\", \"trait:CUSTOM_NVIDIA_1EB8_T4_1B\": \"required\"}]}','A T4 vGPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:41:56',NULL,4,'b88439c0-8c1b-4eac-ae7c-d3b309264962','pgpu','{\"groups\": [{\"resources:PGPU\": \"1\"}]}','A whole GPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:41:56',NULL,5,'5aa90721-170c-4010-b089-2055adb1094b','qat','{\"groups\": [{\"resources:CUSTOM_QAT\": \"1\"}]}',NULL);
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:41:56',NULL,6,'70904d9b-ee43-470b-9752-c8426615fb7b','fpga-and-pci','{\"groups\": [{\"resources:FPGA\": \"1\"}, {\"resources:CUSTOM_PCI\": \"1\", \"trait:CUSTOM_PCI_PRODUCT_ID_1044\": \"required\"}]}','Two groups');
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
  `type` enum('GPU','FPGA','AICHIP','QAT','NIC','SSD') NOT NULL,
  `vendor` varchar(255) NOT NULL,
  `model` varchar(255) NOT NULL,
  `std_board_info` text DEFAULT NULL,
  `vendor_board_info` text DEFAULT NULL,
  `hostname` varchar(255) NOT NULL,
  `status` enum('enabled','maintaining') NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uuid` (`uuid`)
) ENGINE=InnoDB AUTO_INCREMENT=12 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `devices` WRITE;
/*!40000 ALTER TABLE `devices` DISABLE KEYS */;
INSERT INTO `devices` VALUES ('2026-11-23 21:41:52',NULL,1,'eaa3e7cb-bda1-4433-abca-b2f8dad1e260','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:53',NULL,2,'6d0ef28d-b4a4-48ab-93ab-fc8cb3b91421','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:53',NULL,3,'c97d2e2d-cab5-450d-8b41-aaf09df0ed67','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:53',NULL,4,'76714e14-0031-4ae3-9ca7-abcb9a013111','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:53',NULL,5,'c6696294-d053-4503-a7d5-9f2d12950f08','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1eb8\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:54',NULL,6,'b799e2ac-20f4-49bb-8a3f-cac58b5df59f','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"26b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:54',NULL,7,'a7951e30-5ba8-4c54-8cbd-e32a55b3d5f8','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1db4\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:55',NULL,8,'2874b638-e9ef-4082-b2c2-abeebe3b68ad','QAT','0x8086','miss_model_info','{\"product_id\": \"0x37c8\"}','miss_vb_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:55',NULL,9,'1de42859-a6e4-41b2-8d79-ceb68393a651','FPGA','10ee','Xilinx Corporation Device','{\"product_id\": \"5004\", \"controller\": \"Processing accelerators\"}','{\"vendor_info\": \"fpga_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:55',NULL,10,'27e28c97-e801-4ca5-9a1c-44283bea78f8','FPGA','0x8086','miss_model_info','{\"product_id\": \"0x09c4\"}','miss_vb_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:41:56',NULL,11,'81f89308-9e1e-4969-8dcc-f649dbb16548','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute2','enabled');
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
  KEY `extArqs_deployable_id_idx` (`deployable_id`),
  KEY `extArqs_attach_handle_id_idx` (`attach_handle_id`),
  KEY `extArqs_project_id_idx` (`project_id`),
  KEY `extArqs_device_profile_id_idx` (`device_profile_id`),
  KEY `extArqs_device_rp_uuid_idx` (`device_rp_uuid`),
  KEY `extArqs_instance_uuid_idx` (`instance_uuid`),
  CONSTRAINT `extended_accelerator_requests_ibfk_1` FOREIGN KEY (`device_profile_id`) REFERENCES `device_profiles` (`id`),
  CONSTRAINT `extended_accelerator_requests_ibfk_2` FOREIGN KEY (`attach_handle_id`) REFERENCES `attach_handles` (`id`),
  CONSTRAINT `extended_accelerator_requests_ibfk_3` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=8 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `extended_accelerator_requests` WRITE;
/*!40000 ALTER TABLE `extended_accelerator_requests` DISABLE KEYS */;
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:41:56','2026-11-23 21:41:57',1,'ddeb0d96-512b-4e69-b2bc-cd52e77a5980',NULL,'Bound',1,'compute1.example.org','f9d7848a-7688-361f-8e4b-3e58185de5fe',1,'Initial',1,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:41:57','2026-11-23 21:41:58',2,'83113016-deb8-4629-9fac-6c62a0a26880',NULL,'Bound',3,'compute1.example.org','5b0dd8ca-0827-3ef3-804e-232d0228a582',20,'Initial',5,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:41:58','2026-11-23 21:41:58',3,'00b50647-9217-4890-b2ac-60c0ce65d041',NULL,'Bound',1,'compute2','1abf51e6-7b4d-3363-997b-5bd96bd3c8e3',43,'Initial',12,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:41:59','2026-11-23 21:41:59',4,'c8acdd87-64be-42ee-8b6c-cf1deec218f5',NULL,'Bound',2,'compute1.example.org','6cd2aca9-08d5-3e7e-b324-6c788dcceac8',40,'Initial',10,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:41:59',NULL,5,'f85f29e1-5526-4815-bd8d-595822e4d337',NULL,'Initial',5,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:41:59','2026-11-23 21:42:00',6,'7363fd6c-f731-49d9-831a-85e451a44936',NULL,'Unbound',1,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:42:00','2026-11-23 21:42:00',7,'631c5553-641c-4d49-ba92-4843b5c6cd6b',NULL,'BindFailed',1,'compute2',NULL,NULL,'Initial',NULL,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04');
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

