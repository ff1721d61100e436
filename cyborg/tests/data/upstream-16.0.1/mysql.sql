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
  KEY `attach_handles_cpid_id_idx` (`cpid_id`),
  KEY `attach_handles_deployable_id_idx` (`deployable_id`),
  CONSTRAINT `attach_handles_ibfk_1` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`),
  CONSTRAINT `attach_handles_ibfk_2` FOREIGN KEY (`cpid_id`) REFERENCES `controlpath_ids` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=61 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attach_handles` WRITE;
/*!40000 ALTER TABLE `attach_handles` DISABLE KEYS */;
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13','2026-11-23 21:37:16',1,'c91688d4-dc14-4b09-85aa-c69b48466b48',1,1,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13','2026-11-23 21:37:18',2,'a48c485d-fbf0-4157-9748-705f36a2991b',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,3,'01f59617-f7fd-4007-98c9-d58b08a54c79',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,4,'fdbdf705-5e9c-4612-9bad-02d62ceda7e6',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,5,'33db188a-88c0-416c-b2f5-c460cd38dd8d',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,6,'b64281ec-85e7-422c-b81a-8208252f459f',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,7,'210fd229-43a0-4d49-8183-7cf2e2f9da3a',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,8,'43d5a0f1-cd44-4839-9136-21de00b10e53',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,9,'2d0018e2-96e1-4ceb-9501-f63e6ab679c3',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,10,'e698c42b-825c-4dba-9ffe-2e7e10de09e0',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,11,'7486ad72-81c9-4724-a4d9-4888ed938009',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,12,'0025d0d5-470e-4151-968a-5a1213c2f094',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,13,'104c5332-0084-4e95-b90f-063f035b22b7',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,14,'bc400f51-2c37-4472-8333-05d4e8b4bb2a',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,15,'d6c5d805-0953-46fe-b873-36beaa80aa86',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,16,'bce0e77a-e955-4f4a-a322-ac55ba3dcefe',1,1,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:13',NULL,17,'9fb53de6-d384-4dba-8e13-8cdc6d3c32f0',2,2,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,18,'0b25334e-4879-4efa-baaf-198de0196bc8',3,3,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,19,'f41339d4-cdeb-4f28-9364-1ae61bd2afb5',4,4,0,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:17',20,'e6ade784-4b32-44bb-9006-87690d1a4a17',5,5,1,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,21,'2b5e42c7-0f97-45dc-9ff4-34a3dc02368a',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,22,'398d111d-b82b-43af-8327-0950dfca89e1',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,23,'53289a95-e8e0-45c6-9c2f-bf2fc9c0dda3',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,24,'3e5fd25b-f310-42f8-89d8-9c41e9cbfc5d',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,25,'0108ddf8-a466-4c18-91bf-6b4a72992ee5',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,26,'caa6a6fe-8d76-45b4-87b9-a889699ea1ba',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,27,'0f1613b0-33ae-46c2-bc6e-d7ed48f1b8a7',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,28,'22cee071-c844-478a-ab92-caf02ef99acb',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_8\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,29,'8af53ac0-5820-4268-b4c8-89e9c148463e',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_9\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,30,'767966d5-375c-443f-9e1d-fe45caeadec2',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_10\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,31,'40f1ae49-6f04-419d-8bc1-f5331c4f6f57',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_11\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,32,'960dcd3d-a85a-416d-a396-4480a0689f25',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_12\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,33,'2265f7d4-391f-4e9c-bf35-6eb6817ed4d1',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_13\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,34,'b64a19cb-a32a-42fe-9942-ccc28d27a1c9',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_14\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,35,'9fb84407-8011-4d73-8bbf-bc008a8d4d92',5,5,0,'MDEV','{\"asked_type\": \"nvidia-222\", \"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\", \"vgpu_mark\": \"nvidia-222_15\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,36,'c249a9d3-fae7-49e5-b9f2-b9cd4c7953cc',6,6,0,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,37,'ff8c028b-6fe6-4e34-be15-36f99d0c4ab9',7,7,0,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,38,'b7624b81-81df-4100-bc9c-1c46db9a5bca',8,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:14',NULL,39,'7477e002-8437-4db6-9160-a35f0389efc5',9,8,0,'PCI','{\"bus\": \"3d\", \"device\": \"01\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:15','2026-11-23 21:37:17',40,'e59e3e83-e895-4dc4-b208-aeb6232ad3f6',10,9,1,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:15',NULL,41,'2ccc0215-1df2-43dc-bc09-35eb286f3b09',10,9,0,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:15',NULL,42,'768660a1-f0cb-4701-93ff-2880bcb7da05',11,10,0,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,43,'d0c19acb-6b8a-40aa-b6d6-9c2a047bb995',12,11,0,'PCI','{\"bus\": \"00\", \"device\": \"05\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,44,'0a2cc9cb-1ece-475d-b5c1-c08d421cdb22',13,12,0,'PCI','{\"bus\": \"90\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16','2026-11-23 21:37:17',45,'627c723c-5750-4689-a3d7-f6c10db99cac',14,13,1,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,46,'4c440395-d8a1-4bfc-a83a-7cb17516fe6a',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,47,'197fd9da-fd79-4451-8371-7d0edb282bf0',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,48,'4d38bba3-a5f0-4aec-879f-98eaec736cdd',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,49,'5f1d2e5a-0a23-4810-b230-ac8978db0cdd',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,50,'d82bb7b2-e30d-496c-9b26-da37b3396a28',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,51,'b9d1ed58-0980-4889-9996-65a939e387b4',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"0\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,52,'a5b10afb-b9af-439a-ba39-d5ad9c68ab14',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"0\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,53,'70b94296-8046-4442-b9b9-86b4aab7a39c',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"1\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,54,'c30961dd-791f-4600-bb19-986f40270bd2',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"2\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,55,'8864eb35-af7d-44a8-a0a7-1ac787179de0',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"3\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,56,'b3db6e9b-7741-4081-8ef0-ee5f69a8da19',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"4\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,57,'1eb97b6d-c0e2-4226-812d-55d1eb56a8da',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"5\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,58,'272f5705-1b93-4d51-8916-3f9f6d4900f7',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"6\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,59,'5dffa3f9-a1f1-49e7-b0ee-0d718dc117bd',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"1\", \"function\": \"7\"}');
INSERT INTO `attach_handles` VALUES ('2026-11-23 21:37:16',NULL,60,'932c135e-55ef-4def-94b0-7deaf4bc6489',14,13,0,'TEST_PCI','{\"domain\": \"0000\", \"bus\": \"0c\", \"device\": \"2\", \"function\": \"0\"}');
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
) ENGINE=InnoDB AUTO_INCREMENT=37 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `attributes` WRITE;
/*!40000 ALTER TABLE `attributes` DISABLE KEYS */;
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:13',NULL,1,'03e68311-5ae4-4420-968c-24829fb15ec4',1,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:13',NULL,2,'cb8c727d-e19a-463c-bbda-d86ff34818db',1,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:13',NULL,3,'63a5bd84-c8e5-44a9-96e5-e018f34be331',2,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:13',NULL,4,'bad31207-a461-4d5e-bee7-fde2a6efa844',2,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:13',NULL,5,'0d2c4b3b-8ede-44d6-a3ef-33c963bed6ac',2,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:13',NULL,6,'6193774b-a250-4202-b435-2553de3feb44',3,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,7,'c3137f2c-403d-4488-bcce-827f142876fe',3,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,8,'9e0664f1-7437-4ee6-af27-ec5d20c17c95',3,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,9,'ae486898-34a0-4769-ac3f-3ebd27394642',4,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,10,'9de82b0c-e256-4bbc-9396-b035ec829cad',4,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,11,'d334d726-c932-4456-ad21-1545400cc1d5',4,'trait1','CUSTOM_NVIDIA_20B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,12,'fec58239-7b22-4b47-827c-e411e680211c',5,'rc','VGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,13,'78e87f83-152a-458a-9485-c7e82d535736',5,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,14,'05aee5a9-6048-4516-bfa3-8be3b85ab4b4',5,'trait1','CUSTOM_NVIDIA_1EB8_T4_1B');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,15,'8852f7a5-5b85-49eb-8bb6-11a2fb5ea6a6',6,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,16,'198f467d-c5b1-4549-9d5f-310b76e6d851',6,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,17,'a7e57383-5716-4855-a484-76b68cf66301',6,'trait1','CUSTOM_NVIDIA_26B5');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,18,'01dee43f-2e3f-4bae-af5a-3d4c3452d76d',7,'rc','PGPU');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,19,'a712f83a-17f1-43c6-8274-246995346d1b',7,'trait0','OWNER_CYBORG');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,20,'78de4138-2fdb-4b5b-a90d-5fbc066208ad',7,'trait1','CUSTOM_NVIDIA_1DB4');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,21,'c4507084-d6fb-45d7-84ed-c964e22818fe',8,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:14',NULL,22,'20c62d5b-b74e-433c-b3c0-df7fe6a04683',9,'rc','CUSTOM_QAT');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,23,'a884655f-3de1-4dcb-be25-704160db7fba',10,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,24,'7ea93a42-18ed-423b-ba7a-f78e30182d00',10,'trait0','CUSTOM_FPGA_XILINX');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,25,'fb1373ab-6486-4972-8cb2-7c68c144eeae',10,'trait1','CUSTOM_FPGA_PRODUCT_ID_5004');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,26,'080abb02-7aec-4506-a335-f7796c377173',11,'trait0','CUSTOM_FPGA_INTEL');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,27,'481d7e74-e88f-45e1-91cd-bd0c91ade486',11,'trait1','CUSTOM_FPGA_INTEL_PAC_ARRIA10');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,28,'d7e758c6-ff72-4115-a37c-b99508dc5331',11,'trait2','CUSTOM_FPGA_REGION_INTEL_CE48969398F05F33946D560708BE108A');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,29,'c409dbe3-9674-438f-aeaf-9310ea8eca0b',11,'rc','FPGA');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:15',NULL,30,'3f24190b-1310-4b21-87f2-f00df9121f9d',11,'trait2','CUSTOM_FPGA_FUNCTION_ID_INTEL_00112233445566778899AABBCCDDEEFF');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:16',NULL,31,'67432054-3b2c-4d73-8f5d-b875e4d06442',12,'rc','CUSTOM_PCI');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:16',NULL,32,'f07a7a63-998d-4c87-9a3c-a563b9038d3d',12,'trait0','CUSTOM_PCI_PRODUCT_ID_1044');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:16',NULL,33,'0dc5405e-fef1-41b1-b4a2-f917c1f31424',13,'rc','CUSTOM_PCI');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:16',NULL,34,'b5736e34-3bdc-47e4-bdf0-c2f41e6bfc5a',13,'trait0','CUSTOM_PCI_PRODUCT_ID_14DC');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:16',NULL,35,'afec8028-4653-4ddd-865c-ca30ac67a651',14,'traits1','CUSTOM_FAKE_DEVICE');
INSERT INTO `attributes` VALUES ('2026-11-23 21:37:16',NULL,36,'874c8bba-c6b5-4e4d-8230-72ac8dc9c8e3',14,'rc','FPGA');
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
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:13',NULL,1,'2da5269d-6ee2-4166-a3f4-041f06c27af2',1,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:13',NULL,2,'94caa622-6768-4f43-a023-8c41093b5358',2,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:13',NULL,3,'d1b0640e-69f3-426d-99e4-0c7a03984174',3,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"4\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:14',NULL,4,'8f544714-15b3-448b-b5c9-90785f31827c',4,'PCI','{\"bus\": \"41\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"5\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:14',NULL,5,'de43db51-d835-4ed3-be76-f061886a9122',5,'PCI','{\"bus\": \"af\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:14',NULL,6,'8a67c426-d6fb-4279-be98-8e8ad08f5346',6,'PCI','{\"bus\": \"c1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:14',NULL,7,'0bb81f12-3b87-4295-9952-dfde4523d664',7,'PCI','{\"bus\": \"d1\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:14',NULL,8,'463d3241-ae08-4d91-ac3a-51c225b5d6c0',8,'PCI','{\"bus\": \"3d\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:15',NULL,9,'27fffcde-b514-49eb-9894-dabe1af6c4a5',9,'PCI','{\"bus\": \"3b\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:15',NULL,10,'8d047f36-de0c-452e-9db0-d5af8da7a68f',10,'PCI','{\"bus\": \"86\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:15',NULL,11,'0a81250f-00c0-4a77-be90-9694c4879739',11,'PCI','{\"bus\": \"00\", \"device\": \"05\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:16',NULL,12,'0b161ac0-3af7-4241-ae76-af32579fced1',12,'PCI','{\"bus\": \"90\", \"device\": \"00\", \"domain\": \"0000\", \"function\": \"0\"}');
INSERT INTO `controlpath_ids` VALUES ('2026-11-23 21:37:16',NULL,13,'bdb04afc-f659-48e3-b611-31e226d97e7d',13,'PCI','{\"domain\":\"0000\",\"bus\":\"0c\",\"device\":\"00\",\"function\":\"0\"}');
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
  KEY `deployables_device_id_idx` (`device_id`),
  KEY `deployables_root_id_idx` (`root_id`),
  KEY `deployables_parent_id_idx` (`parent_id`),
  CONSTRAINT `deployables_ibfk_1` FOREIGN KEY (`parent_id`) REFERENCES `deployables` (`id`) ON DELETE CASCADE,
  CONSTRAINT `deployables_ibfk_2` FOREIGN KEY (`root_id`) REFERENCES `deployables` (`id`) ON DELETE CASCADE,
  CONSTRAINT `deployables_ibfk_3` FOREIGN KEY (`device_id`) REFERENCES `devices` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=15 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `deployables` WRITE;
/*!40000 ALTER TABLE `deployables` DISABLE KEYS */;
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:13','2026-11-23 21:37:13',1,'4635ed68-b702-4b92-926c-91f79edb10b8',NULL,NULL,'compute1_FakeDevice',16,1,'f9d7848a-7688-361f-8e4b-3e58185de5fe','fake',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:13','2026-11-23 21:37:13',2,'a82e93a9-20d6-4917-b09f-52402849650f',NULL,NULL,'compute1_0000:41:00.0',1,2,'c0b5a384-b671-3610-a5fa-8aaac1e4e28f','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:13','2026-11-23 21:37:14',3,'1bc4be75-b399-4600-a663-2f7cd90641da',NULL,NULL,'compute1_0000:41:00.4',1,3,'1d966ca7-e533-3d42-a95d-c164a1465fd2','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:14',4,'3c5fded0-669f-410e-86d4-e7f9c52c11b5',NULL,NULL,'compute1_0000:41:00.5',1,4,'15339227-6a5b-3b70-aa3a-b9364a442f6b','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:14',5,'9e106409-225c-40d6-8c7a-732a611a3355',NULL,NULL,'compute1_0000:af:00.0',16,5,'5b0dd8ca-0827-3ef3-804e-232d0228a582','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:14',6,'f933fc27-a0b2-465f-ad15-32d577cc6748',NULL,NULL,'compute1_0000:c1:00.0',1,6,'c37b349a-37fb-31d2-8d0d-d6c618a6c39e','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:14',7,'75ab325a-8d9e-4571-b6c1-15df9a54438b',NULL,NULL,'compute1_0000:d1:00.0',1,7,'695e4372-15af-37bc-99a1-0a93a2663c57','NVIDIA',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:15',8,'1454fc20-90c5-4f38-8a26-9877862159d1',NULL,NULL,'compute1_0000:3d:01.1',1,8,'33e4514d-bab1-30b9-9046-eab9e609b06e','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:14','2026-11-23 21:37:15',9,'a895a1e7-65b1-4b58-9413-2c55ba872eb6',NULL,NULL,'compute1_0000:3d:01.0',1,8,'77b749ba-0b21-3675-9107-c005f4581500','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:15','2026-11-23 21:37:15',10,'35f89f8d-c62e-4d1b-a877-3656a5b0cad5',NULL,NULL,'compute1_0000:3b:00.0',1,9,'6cd2aca9-08d5-3e7e-b324-6c788dcceac8','XILINX',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:15','2026-11-23 21:37:15',11,'672cc1ca-4493-4832-a44b-c25e009e151f',NULL,NULL,'compute1_0000:86:00.1',1,10,'4fd160ea-ee72-3306-9e97-9f382077469a','intel',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:15','2026-11-23 21:37:16',12,'fd711c40-14ab-4f2d-a905-c97bcbc7e274',NULL,NULL,'compute1_0000:00:05.0',1,11,'e1144223-d92d-37a3-b4b7-918d548aced7','1AF4',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:16','2026-11-23 21:37:16',13,'e92d8d73-f44a-4b20-bad2-9633f5de3164',NULL,NULL,'compute1_0000:90:00.0',1,12,'447f53a1-73d7-3faf-84ab-72d398fabb6e','1022',NULL);
INSERT INTO `deployables` VALUES ('2026-11-23 21:37:16','2026-11-23 21:37:16',14,'44f9f1bb-4961-4057-9714-49779533519d',NULL,NULL,'compute2_FakeDevice',16,13,'1abf51e6-7b4d-3363-997b-5bd96bd3c8e3','fake',NULL);
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
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:37:16',NULL,1,'69263742-f7a7-4115-bd1a-5ccfa9a7e359','fpga','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FAKE_DEVICE\": \"required\"}]}','A fake FPGA');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:37:16',NULL,2,'cd547e97-1a91-488b-9954-f9488d9f9bdc','xilinx','{\"groups\": [{\"resources:FPGA\": \"1\", \"trait:CUSTOM_FPGA_XILINX\": \"required\"}]}','An Alveo card');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:37:16',NULL,3,'b7d3f275-0cc7-4b4b-ba3c-317977cb45fc','vgpu','{\"groups\": [{\"resources:VGPU\": \"1\", \"trait:CUSTOM_NVIDIA_1EB8_T4_1B\": \"required\"}]}','A T4 vGPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:37:16',NULL,4,'013d986b-1992-4b6e-b7c5-fe1e736312bd','pgpu','{\"groups\": [{\"resources:PGPU\": \"1\"}]}','A whole GPU');
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:37:16',NULL,5,'73f8e729-db19-49fe-8280-a73c5ff20ff5','qat','{\"groups\": [{\"resources:CUSTOM_QAT\": \"1\"}]}',NULL);
INSERT INTO `device_profiles` VALUES ('2026-11-23 21:37:16',NULL,6,'03f7e588-a442-494b-b7df-5022757aee76','fpga-and-pci','{\"groups\": [{\"resources:FPGA\": \"1\"}, {\"resources:CUSTOM_PCI\": \"1\", \"trait:CUSTOM_PCI_PRODUCT_ID_1044\": \"required\"}]}','Two groups');
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
) ENGINE=InnoDB AUTO_INCREMENT=14 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `devices` WRITE;
/*!40000 ALTER TABLE `devices` DISABLE KEYS */;
INSERT INTO `devices` VALUES ('2026-11-23 21:37:12',NULL,1,'dc39d008-b523-4b0d-8ca5-f0c32dfd2f81','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:13',NULL,2,'416231eb-78d4-4419-8b5d-9a090b8b8286','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:13',NULL,3,'349784f6-ff4e-407f-8f90-de6a552dd214','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:14',NULL,4,'d5ad4a0b-32e9-407b-8aeb-f974f8b2b39b','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"20b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:14',NULL,5,'fc6e3670-e986-4442-b694-28f0d3e01813','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1eb8\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:14',NULL,6,'8ac1ddf2-b41a-46d0-94e2-0e023dbb81df','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"26b5\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:14',NULL,7,'9506ec76-76be-41a1-bc12-0b8ecf447c5f','GPU','10de','NVIDIA Corporation Device','{\"product_id\": \"1db4\", \"controller\": \"3D controller\"}','{\"vendor_info\": \"gpu_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:14',NULL,8,'517afa24-0d12-4817-ac2f-09040e92dd23','QAT','0x8086','miss_model_info','{\"product_id\": \"0x37c8\"}','miss_vb_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:15',NULL,9,'5f7abfef-c70a-4509-82b5-4246c3f0cdb8','FPGA','10ee','Xilinx Corporation Device','{\"product_id\": \"5004\", \"controller\": \"Processing accelerators\"}','{\"vendor_info\": \"fpga_vb_info\"}','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:15',NULL,10,'62a40592-9523-46b4-bda6-e5a6a348c8bb','FPGA','0x8086','miss_model_info','{\"product_id\": \"0x09c4\"}','miss_vb_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:15',NULL,11,'37942fb8-699c-4d65-822d-7246c17c1c35','GPU','1af4','1044','{\"product_id\": \"1044\", \"controller\": null}','miss_vb_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:16',NULL,12,'f6c3926d-b335-4184-afe8-da8ec4029091','GPU','1022','14dc','{\"product_id\": \"14dc\", \"controller\": null}','miss_vb_info','compute1.example.org','enabled');
INSERT INTO `devices` VALUES ('2026-11-23 21:37:16',NULL,13,'187171db-6f3d-4c0e-a487-d4110b231f34','FPGA','0xABCD','miss model info','{\"device_id\": \"0xabcd\", \"class\": \"Fake class\"}','fake_vendor_info','compute2','enabled');
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
  KEY `extArqs_project_id_idx` (`project_id`),
  KEY `extArqs_device_profile_id_idx` (`device_profile_id`),
  KEY `extArqs_device_rp_uuid_idx` (`device_rp_uuid`),
  KEY `extArqs_attach_handle_id_idx` (`attach_handle_id`),
  KEY `extArqs_instance_uuid_idx` (`instance_uuid`),
  CONSTRAINT `extended_accelerator_requests_ibfk_1` FOREIGN KEY (`device_profile_id`) REFERENCES `device_profiles` (`id`),
  CONSTRAINT `extended_accelerator_requests_ibfk_2` FOREIGN KEY (`attach_handle_id`) REFERENCES `attach_handles` (`id`),
  CONSTRAINT `extended_accelerator_requests_ibfk_3` FOREIGN KEY (`deployable_id`) REFERENCES `deployables` (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=8 DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `extended_accelerator_requests` WRITE;
/*!40000 ALTER TABLE `extended_accelerator_requests` DISABLE KEYS */;
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:16','2026-11-23 21:37:16',1,'9d09b30d-2ea9-4d3c-9bf7-7ffb19cfcf41',NULL,'Bound',1,'compute1.example.org','f9d7848a-7688-361f-8e4b-3e58185de5fe',1,'Initial',1,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e01');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:17','2026-11-23 21:37:17',2,'af025228-dd29-4ecb-b768-b8854ba0f690',NULL,'Bound',3,'compute1.example.org','5b0dd8ca-0827-3ef3-804e-232d0228a582',20,'Initial',5,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e02');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:17','2026-11-23 21:37:17',3,'4f72d1a5-1314-4128-b25f-b3d4a680b79d',NULL,'Bound',1,'compute2','1abf51e6-7b4d-3363-997b-5bd96bd3c8e3',45,'Initial',14,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e03');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:17','2026-11-23 21:37:18',4,'06efc26a-dce9-40a8-9fd0-ad24917a6c8a',NULL,'Bound',2,'compute1.example.org','6cd2aca9-08d5-3e7e-b324-6c788dcceac8',40,'Initial',10,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e06');
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:18',NULL,5,'8c9607da-54a1-443b-8bb4-744fb3e90a65',NULL,'Initial',5,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:18','2026-11-23 21:37:18',6,'d7016ab6-877b-484a-b63d-57def2ac8ed1',NULL,'Unbound',1,NULL,NULL,NULL,'Initial',NULL,0,NULL);
INSERT INTO `extended_accelerator_requests` VALUES ('2026-11-23 21:37:18','2026-11-23 21:37:19',7,'6b3ca1e6-cccb-4878-ae8c-346a89b58b21',NULL,'BindFailed',1,'compute2',NULL,NULL,'Initial',NULL,0,'6d8f3a0e-0a5c-4e6c-9a57-3f0b2a1c9e04');
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

