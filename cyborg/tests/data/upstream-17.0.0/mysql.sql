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
  KEY `attach_handles_deployable_id_idx` (`deployable_id`),
  KEY `attach_handles_cpid_id_idx` (`cpid_id`),
  CONSTRAINT `attach_handles_ibfk_1` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`),
  CONSTRAINT `attach_handles_ibfk_2` FOREIGN KEY (`cpid_id`) REFERENCES `controlpath_ids` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=61 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attach_handles` WRITE;
/*!40000 ALTER TABLE `attach_handles` DISABLE KEYS */;
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53','2026-11-23 06:29:58',1,'ceb4681d-60f9-43e1-8e7e-249e0e489bec',1,1,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53','2026-11-23 06:30:00',2,'87e328c1-afaf-48ce-a1e3-b7e88c0fb612',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,3,'eb552905-f8cc-4bac-9bdf-caa229694f33',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,4,'9d626ae0-396c-4b6f-8509-c8c49c3bd90a',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,5,'bf0b87e6-303e-44e4-9124-a46c55736692',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,6,'b5ae2de5-eb22-441b-a415-057c327e544a',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,7,'3134320f-5249-4d7a-95dd-b8bec721cccb',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,8,'a1ec04aa-02f9-4d13-baae-d5a91898b17f',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,9,'e69eb086-4699-4e57-ad9f-7d0aad0773c4',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,10,'bd9f87b6-231d-4a93-9339-4f38152b4e6b',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,11,'f5d57636-c560-44a4-aa80-b0be13270df9',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,12,'d6f1ee3a-b5f1-4cf3-b6f2-60c23c597a9b',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,13,'831d1195-aa04-4bbf-a0ff-a03b92a02d07',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,14,'1ac0d95a-cc79-495a-8359-65ee511beb39',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,15,'8a24dae1-89cc-400c-8001-a34ab3e37824',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:53',NULL,16,'8eda4198-63d2-471f-99be-272d8574f88b',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:54',NULL,17,'f15e1423-0316-4e5b-ab1a-5a09bcd0a15c',2,2,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:54',NULL,18,'9d53f764-c4e4-4248-87c2-418d0d1ae6f5',3,3,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:54',NULL,19,'5538db35-6801-4311-81e6-a44e1e25891a',4,4,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:54','2026-11-23 06:29:58',20,'ff86afe0-b918-4137-98f1-fb1a6f83ab1e',5,5,1,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:54',NULL,21,'5115e26e-67c5-4a2c-9330-19a8387fd759',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,22,'2cbc2e26-3fb3-4e9e-81fe-f9f281239d31',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,23,'f5f73565-f342-42ff-a788-8e8a0088c8fe',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,24,'2e78023f-23f4-4934-b5f7-2aa1ceb1a704',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,25,'548742fd-b67c-486d-be40-76351f6ed32d',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,26,'993b4993-1a8c-4bb9-b36f-8f49fdbdcd2a',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,27,'ef9551ba-6253-498b-853e-8e4cc43fd87e',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,28,'11475bf6-6be9-4584-8a95-9b0eb1806efc',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_8\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,29,'d08034ae-c1d9-4d59-af02-c4172e67768f',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_9\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,30,'c4f2f03b-e90f-4d61-b824-d78b2145c523',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_10\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,31,'cbde102f-3ef1-43c5-a41d-a2059f7ecc9c',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_11\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,32,'737d69c5-cc88-4598-b74f-5772de2d5a97',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_12\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,33,'01a7f012-fcb4-480b-8b01-7bf34227a3cf',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_13\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,34,'17987093-2838-48f9-a5e8-08a056c2094f',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_14\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,35,'cc3f8cee-3dec-4ab7-bce3-5e5baf23499f',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_15\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,36,'dba3999f-75c5-4f52-9d1d-e679f14f8c9a',6,6,0,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:55',NULL,37,'5d0eb5d4-9008-46fc-bdbb-4bda91576331',7,7,0,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:56',NULL,38,'da22ea95-bfef-4568-87c6-ddf1d293fcb3',8,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:56',NULL,39,'9995077a-309c-4297-a580-40d9c9e30270',9,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:56','2026-11-23 06:30:00',40,'14aa86ee-26b8-4bfa-8748-4a79807156a7',10,9,1,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:56',NULL,41,'ac87ab6e-4f9b-4450-b16d-448b2dd2b89a',10,9,0,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:56',NULL,42,'936cdffb-59bd-4cfb-b6a3-c54a09178a8c',11,10,0,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,43,'68349769-3f97-4962-98cb-00521c164d1c',12,11,0,'PCI','{\"bus\": \"00\", \"device\": \"05\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,44,'b8ecf521-1312-4002-afc2-c0f887fdf2bd',13,12,0,'PCI','{\"bus\": \"90\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57','2026-11-23 06:29:59',45,'0e49e19a-6733-4198-af89-8437ae1a0677',14,13,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,46,'422266f0-bf34-493c-b5ca-b67875048959',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,47,'8847406a-505f-4fc5-ab20-45788bd9b560',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,48,'b1f07dbf-b54e-418e-8d30-20197779c49b',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,49,'1cdafb9d-80be-4dc1-8e97-ba8989786be0',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:57',NULL,50,'52e4da9a-093b-479f-99ee-e8deefd93c99',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,51,'3d5d1abc-dcc2-4fb4-b614-ed4e88f76b01',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,52,'4b5a5156-d62d-413c-9223-c87f00d1bf3a',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,53,'d37b5e0a-819c-4dbe-9099-9351a94bdcee',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,54,'11180ec7-3b03-4b98-bef1-7b4a079e4d9f',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,55,'c87b5fc8-3011-44cd-92ca-34ffe3e46a21',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,56,'56e08f1e-02fe-49ba-973f-473cc0409ad7',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,57,'915f8561-cd11-4806-a337-61f7854f1b1b',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,58,'7958ae03-5f66-4b4e-952f-55a77c9d2c70',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,59,'bd13f267-9d17-46bb-b6a9-0ed5ddca42fe',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 06:29:58',NULL,60,'47e74a37-54f4-4b10-9a6f-561aa8da5643',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
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
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:53',NULL,1,'5e7c5687-fe1b-4446-b4f0-5f25724edb0a',1,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:53',NULL,2,'b563865f-2f59-4cb0-9a5f-b47b615acf74',1,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,3,'8a8658d6-0dcd-463b-be89-c5a40c34e306',2,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,4,'fdf1d358-9191-4258-b48a-a03ebf325feb',2,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,5,'fae25fb6-a28c-4a43-ad95-7e6eaf5f1a50',2,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,6,'bb5741b4-ac55-4493-9bda-d38d7c2327f1',3,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,7,'667d291b-7fab-44aa-b288-0761b740b4f0',3,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,8,'09450a6b-4db9-457a-a2f9-9579cd4b4b08',3,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,9,'d947a441-c417-41df-ac39-74153dd7f82e',4,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,10,'00bf5743-ab79-4ada-acdd-3fea3f13f558',4,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,11,'52c2f0b7-be24-4497-9636-75379f5ff410',4,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,12,'30009cbd-4e55-405e-95d7-834c3807cc99',5,'rc','VGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,13,'ef685ed3-11c9-4c41-a08a-fec405d957b4',5,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:54',NULL,14,'33ca6cd5-7c90-4a9b-9331-1dc249d2308f',5,'trait1','CUSTOM_NVIDIA_1EB8_T4_1B');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:55',NULL,15,'d401b1f9-004a-4069-90bb-36870d683530',6,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:55',NULL,16,'02c60fc7-957c-4e15-96ea-9d835ee4cd5c',6,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:55',NULL,17,'53d1cafd-7b0b-49b1-8b5a-ba737738a123',6,'trait1','CUSTOM_NVIDIA_26B5');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:55',NULL,18,'8e1c2522-30f6-4333-bf80-fc6b42f81b68',7,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:55',NULL,19,'54be5ae6-289c-4dde-ae72-10dbe2883cd3',7,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:55',NULL,20,'88bb824a-5e47-412c-86d1-7734ae0afc28',7,'trait1','CUSTOM_NVIDIA_1DB4');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,21,'3a17a3a6-60db-48a2-9851-8724899f2ec3',8,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,22,'64b10cfd-72f1-46fa-b0ed-6578741307f8',9,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,23,'b3e2fe95-ae7a-4f5e-bf4d-03cfece739d2',10,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,24,'3e83e9a7-f6ce-4cc3-998d-9849252b4677',10,'trait0','CUSTOM_FPGA_XILINX');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,25,'6cc100d3-1a45-4bbc-9735-a5548b41d7f8',10,'trait1','CUSTOM_FPGA_PRODUCT_ID_5004');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,26,'5c376466-0c89-447b-8266-240ced424a61',11,'trait0','CUSTOM_FPGA_INTEL');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,27,'358cbc01-422c-44c3-a8a9-0a2c0350ae6f',11,'trait1','CUSTOM_FPGA_INTEL_PAC_ARRIA10');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,28,'7081f208-3472-4613-8d08-066acb828f79',11,'trait2','CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,29,'df297c78-4a29-4794-80fc-808671621a13',11,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:56',NULL,30,'2ae37b19-fe16-47de-a17c-bdc4cdeba023',11,'trait2','CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,31,'0de3c3c0-571d-4838-8b41-49457989014a',12,'rc','CUSTOM_PCI');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,32,'08863218-0382-41f0-b95d-a460dc102a0a',12,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,33,'9cf83157-cc83-4808-9dc9-714945986a66',12,'trait1','CUSTOM_PCI_PRODUCT_ID_1044');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,34,'0b4615a2-02fb-4c26-bf93-b99271bf10e7',13,'rc','CUSTOM_PCI');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,35,'456638d6-9603-46a6-84fc-cdd6efb71f28',13,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,36,'95e9f7b4-5ad9-4c24-9c8e-7a307877994c',13,'trait1','CUSTOM_PCI_PRODUCT_ID_14DC');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,37,'bcd2de31-9fba-4373-bde9-caba0e586b37',14,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 06:29:57',NULL,38,'e7cddc0f-672b-4360-89d9-1d0d75bd71f0',14,'rc','FPGA');
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
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:52',NULL,1,'5ef8b7b3-8df0-4d28-9552-26a26369d943',1,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:54',NULL,2,'d23a3716-93f1-4ed0-85af-0cb94ebc1ec7',2,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:54',NULL,3,'7421bd3f-7382-427a-93b3-a37728a858d4',3,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:54',NULL,4,'69f35a90-e0da-4dd6-b4a3-4d0ae1cd2ba2',4,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:54',NULL,5,'c9795342-22cd-40be-a08d-496fdcf61a83',5,'PCI','{\"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:55',NULL,6,'4e2b9b92-bba2-4fac-8b71-b8db3ac398e8',6,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:55',NULL,7,'170e5e42-c4da-4410-8c45-d5d95d660872',7,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:55',NULL,8,'dd65a013-859a-4498-87dd-48e5608fee59',8,'PCI','{\"bus\": \"3d\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:56',NULL,9,'4697ba3a-8fc8-4281-94f3-65b50d0a075d',9,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:56',NULL,10,'d91cc7d0-8712-4b03-8a99-d53a251f3ba0',10,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:57',NULL,11,'2279acd6-6dfa-4c53-8268-4f9fb96bd34f',11,'PCI','{\"bus\": \"00\", \"device\": \"05\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:57',NULL,12,'1aa5ccb7-51b0-40e9-829d-deac233d5240',12,'PCI','{\"bus\": \"90\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 06:29:57',NULL,13,'6edb4e36-0bf0-4d39-b393-4c1afbd7e82b',13,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
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
  KEY `deployables_parent_id_idx` (`parent_id`),
  KEY `deployables_device_id_idx` (`device_id`),
  KEY `deployables_root_id_idx` (`root_id`),
  CONSTRAINT `deployables_ibfk_1` FOREIGN KEY (`parent_id`) REFERENCES `deployables` (`id`) ON DELETE CASCADE,
  CONSTRAINT `deployables_ibfk_2` FOREIGN KEY (`root_id`) REFERENCES `deployables` (`id`) ON DELETE CASCADE,
  CONSTRAINT `deployables_ibfk_3` FOREIGN KEY (`device_id`) REFERENCES `devices` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=15 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `deployables` WRITE;
/*!40000 ALTER TABLE `deployables` DISABLE KEYS */;
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:52','2026-11-23 06:29:53',1,'0724d266-45cf-4d2b-8004-e183c419dd28',NULL,NULL,'compute1_FakeDevice',16,1,'f9d7848a-7688-361f-8e4b-3e58185de5fe','fake',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:54','2026-11-23 06:29:54',2,'81272b0a-0a33-4793-b2bb-1c95027c8985',NULL,NULL,'compute1_0000:41:00.0',1,2,'c0b5a384-b671-3610-a5fa-8aaac1e4e28f','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:54','2026-11-23 06:29:54',3,'2334e2ca-7fc6-4c45-a630-f7adc95b068f',NULL,NULL,'compute1_0000:41:00.4',1,3,'1d966ca7-e533-3d42-a95d-c164a1465fd2','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:54','2026-11-23 06:29:54',4,'25a092c8-4825-44c3-933c-4841adca00ea',NULL,NULL,'compute1_0000:41:00.5',1,4,'15339227-6a5b-3b70-aa3a-b9364a442f6b','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:54','2026-11-23 06:29:55',5,'335cc49d-7371-427f-b386-43e866e06502',NULL,NULL,'compute1_0000:af:00.0',16,5,'5b0dd8ca-0827-3ef3-804e-232d0228a582','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:55','2026-11-23 06:29:55',6,'f5705d8b-1185-4188-bbf7-60639411bd9e',NULL,NULL,'compute1_0000:c1:00.0',1,6,'c37b349a-37fb-31d2-8d0d-d6c618a6c39e','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:55','2026-11-23 06:29:55',7,'3f44a17e-3543-4ddb-b4bd-5db34bfc531f',NULL,NULL,'compute1_0000:d1:00.0',1,7,'695e4372-15af-37bc-99a1-0a93a2663c57','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:55','2026-11-23 06:29:56',8,'0f8c2a91-a254-4a1e-9a0b-6e1acc3d340e',NULL,NULL,'vm_0000:3d:01.1',1,8,'bd66131f-4b3f-3457-8030-5a220d86108c','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:56','2026-11-23 06:29:56',9,'1b0e6fe9-9616-4b0c-8985-2c7967691c38',NULL,NULL,'vm_0000:3d:01.0',1,8,'2c4063a4-5fcb-3f4a-adf2-297aa40d963a','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:56','2026-11-23 06:29:56',10,'c344c99c-8eb9-4b9e-b32f-24f4fa3a0446',NULL,NULL,'compute1_0000:3b:00.0',1,9,'6cd2aca9-08d5-3e7e-b324-6c788dcceac8','XILINX',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:56','2026-11-23 06:29:57',11,'6233010c-7e0e-4abc-aaf6-ba59ff4a1293',NULL,NULL,'vm_0000:86:00.1',1,10,'481a1ebd-fcce-3c17-873f-18c362019a4d','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:57','2026-11-23 06:29:57',12,'2ebe0883-b3f6-465a-8e80-2744649d3fb9',NULL,NULL,'compute1_0000:00:05.0',1,11,'e1144223-d92d-37a3-b4b7-918d548aced7','1AF4',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:57','2026-11-23 06:29:57',13,'441e044b-c475-4a45-8e95-161f492655ed',NULL,NULL,'compute1_0000:90:00.0',1,12,'447f53a1-73d7-3faf-84ab-72d398fabb6e','1022',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 06:29:57','2026-11-23 06:29:58',14,'048f8097-a377-4aa1-b2a9-f4926481abf2',NULL,NULL,'compute2_FakeDevice',16,13,'1abf51e6-7b4d-3363-997b-5bd96bd3c8e3','fake',NULL);
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
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:29:58',NULL,1,'e332e519-501a-4fef-a8de-823a1f59fe27','fpga','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FAKE_DEVICE\": \"required\"}]}','A fake FPGA');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:29:58',NULL,2,'1dd48fdb-a822-4656-b0e8-d4dfd7c0e4e5','xilinx','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FPGA_XILINX\": \"required\"}]}','An Alveo card');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:29:58',NULL,3,'a72fe39c-63a0-4f61-b0a0-7792466f15b1','vgpu','{\"groups\": [{\"resources:VGPU\": \"1\", \"trait:CUSTOM_NVIDIA_1EB8_T4_1B\": \"required\"}]}','A T4 vGPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:29:58',NULL,4,'7a44269d-b41b-443b-85dc-2765ec77d0a0','pgpu','{\"groups\": [{\"resources:PGPU\": \"1\"}]}','A whole GPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:29:58',NULL,5,'acb0f253-e489-43a9-a93b-61d6e089747e','qat','{\"groups\": [{\"resources:CUSTOM_QAT\": \"1\"}]}',NULL);
INSERT INTO `device_profiles` VALUES ('2026-11-23 06:29:58',NULL,6,'79f0e241-c77e-4b90-a23c-ac6fa30c2873','fpga-and-pci','{\"groups\": [{\"resources:FPGA\": \"1\"}, {\"resources:CUSTOM_PCI\": \"1\", \"trait:CUSTOM_PCI_PRODUCT_ID_1044\": \"required\"}]}','Two groups');
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
INSERT INTO `devices` VALUES ('2026-11-23 06:29:52',NULL,1,'8c863926-24b9-4ea1-8d24-a8dadcaec405','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:54',NULL,2,'7704c78d-9f38-4d3b-a86f-88c47c6008a2','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:54',NULL,3,'260ad7e5-6493-4cec-9fb7-3823d8427989','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:54',NULL,4,'4289643a-5d5c-4ee7-928d-785f4dbf7910','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:54',NULL,5,'8a9d6f36-8ba9-4b23-bff4-a6ee6b413595','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1eb8\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:55',NULL,6,'5f8dbae9-ba9d-4816-9153-75194515aad1','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"26b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:55',NULL,7,'b9172b38-5d56-4c6d-8ce8-5c1b63d4182b','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1db4\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:55',NULL,8,'9be8946e-fb00-48a7-891a-a8a1990f70c2','QAT','0x8086','miss_model_info','{\"product_id\": \"0x37c8\"}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:56',NULL,9,'27fb54ed-7b38-414a-8cbc-17be35008064','FPGA','10ee','Xilinx Corporation Device','{\"product_id\": \"5004\", \"controller\": \"Processing accelerators\"}','{\"vendor_info\": \"fpga_vb_info\"}','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:56',NULL,10,'3517ce1c-29b0-460d-a03e-9734b7e189fe','FPGA','0x8086','miss_model_info','{\"product_id\": \"0x09c4\"}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:57',NULL,11,'eaced4e5-b50f-4fc5-97c6-c652252c4570','GPU','1af4','1044','{\"product_id\": \"1044\", \"controller\": null}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:57',NULL,12,'64a86cc0-681e-4ccb-8083-3a250623e1c6','GPU','1022','14dc','{\"product_id\": \"14dc\", \"controller\": null}','miss_vb_info','compute1.example.org','enabled','available');
INSERT INTO `devices` VALUES ('2026-11-23 06:29:57',NULL,13,'f83db505-6d6c-4419-8333-b10567987ee1','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute2','enabled','available');
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
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:29:58','2026-11-23 06:29:58',1,'b3524c1c-e6a3-4f59-9fc5-40cfbaf4bc7f','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',1,'compute1.example.org','f9d7848a-7688-361f-8e4b-3e58185de5fe',1,'Initial',1,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:29:58','2026-11-23 06:29:59',2,'f6b71663-b67e-4ce0-b97e-dfa8e775383b','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',3,'compute1.example.org','5b0dd8ca-0827-3ef3-804e-232d0228a582',20,'Initial',5,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:29:59','2026-11-23 06:29:59',3,'dbdf7614-6975-4ebf-af64-4880853b5b44','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',1,'compute2','1abf51e6-7b4d-3363-997b-5bd96bd3c8e3',45,'Initial',14,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:30:00','2026-11-23 06:30:00',4,'6a386963-7ec1-4e12-ac00-e5434e96159b','a1b2c3d4e5f60718293a4b5c6d7e8f90','Bound',2,'compute1.example.org','6cd2aca9-08d5-3e7e-b324-6c788dcceac8',40,'Initial',10,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:30:00',NULL,5,'7a2e05e0-e9e8-4671-9c8b-9e63648fa143','a1b2c3d4e5f60718293a4b5c6d7e8f90','Initial',5,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:30:00','2026-11-23 06:30:00',6,'9639631f-6a66-44bd-b8aa-5545a7b33264','a1b2c3d4e5f60718293a4b5c6d7e8f90','Unbound',1,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 06:30:00','2026-11-23 06:30:01',7,'f5066f6e-e42a-4e71-99df-37363e46a544','a1b2c3d4e5f60718293a4b5c6d7e8f90','BindFailed',1,'compute2',NULL,NULL,'Initial',NULL,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04');
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

